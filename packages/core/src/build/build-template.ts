import { hashCanonical } from '../schema/canonical.js';

/** A versioned prompt of a build step; its hash is recorded with every call and is part of the cache key. */
export interface BuildTemplate {
  name: string;
  version: number;
  /** SHA-256 of the canonical JSON of name, version and text: any edit changes it. */
  sha256: string;
  /** `<name>@<sha256>`, passed to the model call as `promptTemplate`. */
  ref: string;
  system: string;
  /** The user message, with `{slot}` placeholders. */
  user: string;
}

export function buildTemplate(name: string, version: number, system: string, user: string): BuildTemplate {
  // Hashed when first asked for: every command loads these templates, only build steps use them.
  let sha256: string | undefined;
  const hash = () => (sha256 ??= hashCanonical({ name, version, text: { system, user } }));
  return Object.freeze({
    name,
    version,
    get sha256() {
      return hash();
    },
    get ref() {
      return `${name}@${hash()}`;
    },
    system,
    user,
  });
}

/**
 * Every build prompt ends with this line. The scripted model (`mock:<replies.jsonl>`) finds its
 * recorded reply by it; a real model reads it as an opaque reference.
 */
export function taskLine(key: string): string {
  return `Task: ${key}`;
}

/** The task key of a call's first user message, if it has one. */
export function taskKeyOf(text: string): string | undefined {
  return /^Task: (\S+)\s*$/m.exec(text)?.[1];
}
