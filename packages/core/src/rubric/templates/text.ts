/** Small text helpers shared by the language templates. */

/** Drops trailing periods and spaces so a template can end the sentence itself. */
export function bare(text: string): string {
  // Most texts need nothing done; skip the regex for them.
  const last = text.charCodeAt(text.length - 1);
  if (last > 0x20 && last !== 0x2e && last !== 0x3002 && text.charCodeAt(0) > 0x20) return text;
  return text.trim().replace(/[\s.。]+$/u, '');
}

/** Lists options inline; falls back to semicolons when an option has a comma of its own. */
export function inlineList(items: readonly string[]): string {
  const parts = items.map(bare);
  return parts.join(parts.some((p) => /[,，、]/u.test(p)) ? '; ' : ', ');
}

export function arrowList(items: readonly string[]): string {
  return items.map(bare).join(' → ');
}

/** Case- and width-insensitive containment, to decide whether a text already names the subject. */
export function mentions(haystack: string, needle: string): boolean {
  const n = normalizeForMatch(needle);
  return n !== '' && normalizeForMatch(haystack).includes(n);
}

/** NFKC (full-width forms), lower case, single spaces. */
export function normalizeForMatch(s: string): string {
  // NFKC is the slow part, and it changes only compatibility characters (full-width
  // forms, compatibility jamo, ligatures, NBSP, superscripts) and combining sequences.
  const folded = COMPATIBILITY.test(s) ? s.normalize('NFKC') : s;
  return folded.toLowerCase().replace(/\s+/gu, ' ').trim();
}
// biome-ignore lint/suspicious/noMisleadingCharacterClass: a range test for combining marks, not a character
const COMPATIBILITY = /[\u00a0-\u00bf\u0300-\u036f\u1100-\u11ff\u2000-\u33ff\ufb00-\ufb4f\ufe00-\uffef]/u;

/** The label alone when it already names the related entity ("Compared with coq au vin"), else both. */
export function aspectHead(label: string, related: string): string {
  return mentions(label, related) ? bare(label) : `${bare(label)} (${bare(related)})`;
}

/** Lists options the Chinese and Japanese way, with the ideographic comma (、); a semicolon when an option has one. */
export function cjkList(items: readonly string[]): string {
  const parts = items.map(bare);
  return parts.join(parts.some((p) => p.includes('、')) ? '；' : '、');
}

/** As `aspectHead`, with full-width parentheses, for Chinese and Japanese. */
export function fullWidthHead(label: string, related: string): string {
  return mentions(label, related) ? bare(label) : `${bare(label)}（${bare(related)}）`;
}
