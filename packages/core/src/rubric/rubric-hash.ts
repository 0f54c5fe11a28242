import { MetaRubric, type RubricHash, sha256Hex } from '../schema/index.js';
import { canonicalWriterFor } from './schema-canonical.js';

export interface RubricHashOptions {
  /**
   * SHA-256 of a UTF-8 string as lowercase hex. Defaults to the portable
   * implementation; a Node caller may pass `node:crypto`'s, which is several
   * times faster. The digest is the same either way.
   */
  sha256Hex?: (text: string) => string;
}

// Hashing every rubric is most of the compiler's time: the schema-specialised writer skips sorting keys.
const metaRubricJson = canonicalWriterFor(MetaRubric);

/** SHA-256 of the canonical JSON of a parsed meta-rubric: key order and defaults written out do not change it. */
export function rubricHash(meta: MetaRubric, options: RubricHashOptions = {}): RubricHash {
  return (options.sha256Hex ?? sha256Hex)(metaRubricJson(meta)) as RubricHash;
}
