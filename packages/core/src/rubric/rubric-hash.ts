import { canonicalJson, type MetaRubric, type RubricHash, sha256Hex } from '../schema/index.js';

export interface RubricHashOptions {
  /**
   * SHA-256 of a UTF-8 string as lowercase hex. Defaults to the portable
   * implementation; a Node caller may pass `node:crypto`'s, which is several
   * times faster. The digest is the same either way.
   */
  sha256Hex?: (text: string) => string;
}

/** SHA-256 of the canonical JSON of a parsed meta-rubric: key order and defaults written out do not change it. */
export function rubricHash(meta: MetaRubric, options: RubricHashOptions = {}): RubricHash {
  return (options.sha256Hex ?? sha256Hex)(canonicalJsonOfPlain(meta)) as RubricHash;
}

/**
 * Exactly `canonicalJson` (the property test checks it), written as one pass
 * of string building: about twice as fast, and hashing every rubric is most
 * of the compiler's time.
 */
export function canonicalJsonOfPlain(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return canonicalJson(value);
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const v: unknown = value[i];
      out += v === undefined ? 'null' : canonicalJsonOfPlain(v);
    }
    return `${out}]`;
  }
  const obj = value as Record<string, unknown>;
  // Default sort compares UTF-16 code units, as canonicalJson's `<` does.
  const keys = Object.keys(obj).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${quote(k)}:${canonicalJsonOfPlain(v)}`;
    first = false;
  }
  return `${out}}`;
}

// Characters JSON.stringify escapes: quote, backslash, controls, and lone surrogates (checked by it).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}
