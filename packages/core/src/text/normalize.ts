/**
 * Text normalisation shared by the offline judge and value extraction:
 * NFKC (full-width → half-width, compatibility forms such as ℃ → °C),
 * lower case, one kind of dash, quote, tilde and space. Offsets into the
 * original text are kept so that quantities and quotes point at what the
 * user wrote.
 */
export interface NormalizedText {
  /** The normalised text. */
  readonly text: string;
  /** `offsets[i]` is the index in the original text of normalised character `i`; one extra entry marks the end. */
  readonly offsets: readonly number[];
}

const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/u;
const TILDES = /[\u301C\u3030\uFF5E\u223C]/u;
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\uFF07]/u;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\uFF02]/u;
const SPACES = /[\s\u00A0\u2000-\u200B\u3000]/u;

function normalizeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  // Fast paths: ASCII and precomposed Hangul syllables are already in normal form.
  if (code < 0x80)
    return code <= 0x20
      ? code === 10
        ? '\n'
        : ' '
      : code >= 0x41 && code <= 0x5a
        ? String.fromCharCode(code + 32)
        : ch;
  if (code >= 0xac00 && code <= 0xd7a3) return ch;
  if (DASHES.test(ch)) return '-';
  if (TILDES.test(ch)) return '~';
  if (SINGLE_QUOTES.test(ch)) return "'";
  if (DOUBLE_QUOTES.test(ch)) return '"';
  if (SPACES.test(ch)) return ch === '\u2028' || ch === '\u2029' ? '\n' : ' ';
  if (ch === '\u00B7' || ch === '\u30FB') return ' ';
  return ch.normalize('NFKC').toLowerCase();
}

const VULGAR_FRACTIONS: Readonly<Record<string, string>> = {
  '½': '.5',
  '¼': '.25',
  '¾': '.75',
  '⅓': '.333',
  '⅔': '.667',
  '⅛': '.125',
};

/** The character before a fraction, normalised, ends in a digit: 3½ and ３½ are 3.5 (so is ½½, oddly). */
const afterDigit = (before: string) =>
  before !== '' && (VULGAR_FRACTIONS[before] !== undefined || /\d$/u.test(normalizeChar(before)));

/** A vulgar fraction as decimals: 3½ is 3.5 and ½ alone 0.5 (NFKC would write 31⁄2); null for other characters. */
function fractionText(ch: string, before: string): string | null {
  const fraction = VULGAR_FRACTIONS[ch];
  if (!fraction) return null;
  return afterDigit(before) ? fraction : `0${fraction}`;
}

/**
 * Character by character (by code point), so each output character maps back
 * to its source. Hangul syllables are already composed in practice; combining
 * sequences that NFKC would merge across characters are rare enough to ignore.
 */
export function normalizeWithOffsets(input: string): NormalizedText {
  let text = '';
  const offsets: number[] = [];
  let i = 0;
  let before = '';
  for (const ch of input) {
    const out = fractionText(ch, before) ?? normalizeChar(ch);
    before = ch;
    for (let k = 0; k < out.length; k++) offsets.push(i);
    text += out;
    i += ch.length;
  }
  offsets.push(input.length);
  return { text, offsets };
}

/** The normalised text alone, when no offsets are needed (index terms of whole pages). */
export function foldText(input: string): string {
  return input.replace(
    NOT_NORMAL,
    (ch, at: number) => fractionText(ch, /.$/su.exec(input.slice(0, at))?.[0] ?? '') ?? normalizeChar(ch),
  );
}

// Printable ASCII other than capitals is already in normal form; everything else goes through `normalizeChar`.
const NOT_NORMAL = /[^\x21-\x40\x5b-\x7e]/gu;

/** Normalised text with punctuation turned into spaces and runs of spaces collapsed: for display and comparison. */
export function normalizeText(input: string): string {
  return normalizeWithOffsets(input)
    .text.replace(/[^\p{L}\p{N}\s%$₩€£¥.]/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const HANGUL = /[\uAC00-\uD7A3]/u;
