import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Canonical JSON: object keys sorted (by UTF-16 code units), no whitespace,
 * `undefined` members dropped, non-finite numbers written as null, `toJSON`
 * ignored. Two documents that mean the same thing hash the same.
 *
 * Written as one pass of string building rather than map/filter/join: hashing
 * every rubric makes this the compiler's hot path, and it is about twice as fast.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoteJson(value);
    case 'number':
      // String(n) is JSON's number form for every finite n (−0 included: "0").
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? arrayJson(value) : objectJson(value as Record<string, unknown>);
    default:
      // undefined, functions and symbols read as null; a bigint throws, as in JSON.stringify.
      return JSON.stringify(value) ?? 'null';
  }
}

function arrayJson(value: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ',';
    out += canonicalJson(value[i]);
  }
  return `${out}]`;
}

function objectJson(obj: Record<string, unknown>): string {
  // The default sort compares UTF-16 code units, which is the canonical order.
  const keys = Object.keys(obj).sort();
  let out = '{';
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${quoteJson(k)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}

// Characters JSON.stringify escapes: quote, backslash, controls, and lone surrogates (checked by it).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as a JSON literal; skips JSON.stringify's call for the usual string that needs no escapes. */
export function quoteJson(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

export function sha256Hex(text: string | Uint8Array): string {
  return bytesToHex(sha256(typeof text === 'string' ? utf8ToBytes(text) : text));
}

export function hashCanonical(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/**
 * An incremental SHA-256 over UTF-8 text. Core's own is `@noble/hashes` (pure
 * JavaScript, so it runs in a browser); the CLI passes Node's, about five
 * times faster on a large wiki. Both hash the same bytes to the same digest.
 */
export type Sha256 = () => { update(text: string): unknown; hex(): string };

const nobleSha256: Sha256 = () => {
  const h = sha256.create();
  return {
    update: (text) => h.update(utf8ToBytes(text)),
    hex: () => bytesToHex(h.digest()),
  };
};

/**
 * `hashCanonical(items)`, hashed item by item so that a large array (a wiki of
 * many page versions) never becomes one string in memory: the canonical JSON
 * of an array is its items' canonical JSON joined by commas inside brackets.
 */
export function hashCanonicalArray(items: readonly unknown[], hash: Sha256 = nobleSha256): string {
  const h = hash();
  h.update('[');
  items.forEach((item, i) => {
    h.update(i ? `,${canonicalJson(item)}` : canonicalJson(item));
  });
  h.update(']');
  return h.hex();
}
