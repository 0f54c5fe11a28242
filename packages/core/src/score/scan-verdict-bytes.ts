import { IdInterner, sameBytes } from './id-interner.js';
import { NO_VERDICT } from './verdict-record.js';

/**
 * The fields scoring reads from one verdict line, filled in place by
 * `VerdictLineScanner` so a million lines allocate no record objects.
 */
export interface ScannedVerdict {
  question_id: string;
  model: string;
  /** Index into `SCANNED_SETTINGS`: 0 multimodal, 1 text_only, 2 text, 3 not named. */
  setting: 0 | 1 | 2 | 3;
  check_id: string;
  /** `VERDICT_CODE` of the verdict. */
  code: number;
  judge: string;
  sample: number;
}

export function emptyScannedVerdict(): ScannedVerdict {
  return { question_id: '', model: '', setting: UNNAMED, check_id: '', code: NO_VERDICT, judge: '', sample: 0 };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;

const KEY_OTHER = 0;
const KEY_QUESTION = 1;
const KEY_MODEL = 2;
const KEY_CHECK = 3;
const KEY_JUDGE = 4;
const KEY_SETTING = 5;
const KEY_VERDICT = 6;
const KEY_SAMPLE = 7;
/** A judge failure's field: such lines always take the schema's path. */
const KEY_FAILURE = 8;

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const QUESTION_ID = ascii('question_id');
const MODEL = ascii('model');
const CHECK_ID = ascii('check_id');
const JUDGE = ascii('judge');
const SETTING = ascii('setting');
const VERDICT = ascii('verdict');
const SAMPLE = ascii('sample');
const FAILURE = ascii('failure');
/** The settings a scanned line can name, in `ScannedVerdict.setting` order; `undefined` when it names none. */
export const SCANNED_SETTINGS = ['multimodal', 'text_only', 'text', undefined] as const;
const UNNAMED = 3;
const SETTING_WORDS = [ascii('multimodal'), ascii('text_only'), ascii('text')];
/** Index + 1 is the verdict's code (VERDICT_CODE). */
const VERDICT_WORDS = [ascii('meets'), ascii('partially_meets'), ascii('missing'), ascii('contradicts')];

/**
 * The hot path of `gamut score`: reads a verdict line written the usual way
 * (one flat JSON object of strings and a small `sample`) straight from the
 * file's UTF-8 bytes. JSON.parse would need the whole file decoded to strings
 * and would build an object and a string per field (the rationale included)
 * for every line; here only the ids become strings, and each distinct id is
 * decoded once. `scan` returns true only when `JSON.parse` of the decoded line
 * would succeed and `isPlainVerdict` would accept it with these same fields;
 * for anything else (an escape in an id, other value types, odd numbers, a
 * syntax error, a missing field) it returns false and the caller takes the
 * schema's path, which also explains what is wrong. The property test
 * compares both paths.
 */
export class VerdictLineScanner {
  // One interner per field, so each remembers its own last id.
  private readonly ids = [new IdInterner(), new IdInterner(), new IdInterner(), new IdInterner()] as const;

  /**
   * The line bytes[start, end), without its line break. Positional arguments
   * on purpose: this runs once per line and must not allocate.
   */
  scan(bytes: Uint8Array, start: number, end: number, out: ScannedVerdict): boolean {
    let i = skipWs(bytes, start, end);
    if (i >= end || bytes[i] !== OPEN) return false;
    i = skipWs(bytes, i + 1, end);
    let question = '';
    let model = '';
    let check = '';
    let judge = '';
    let setting: 0 | 1 | 2 | 3 = UNNAMED;
    let code = NO_VERDICT;
    let sample = 0;
    for (;;) {
      if (i >= end || bytes[i] !== QUOTE) return false;
      const keyEnd = plainStringEnd(bytes, i + 1, end);
      if (keyEnd < 0) return false;
      const key = keyOf(bytes, i + 1, keyEnd);
      i = skipWs(bytes, keyEnd + 1, end);
      if (i >= end || bytes[i] !== COLON) return false;
      i = skipWs(bytes, i + 1, end);
      if (i < end && bytes[i] === QUOTE) {
        const from = i + 1;
        if (key === KEY_OTHER) {
          // Free text (the rationale, a quote, fields scoring ignores): escapes allowed, only its end matters.
          i = escapedStringEnd(bytes, from, end);
          if (i < 0) return false;
        } else if (key <= KEY_JUDGE) {
          const ids = this.ids[key - KEY_QUESTION] as IdInterner;
          const id = ids.read(bytes, from, end);
          if (id === undefined) return false;
          i = ids.stop;
          if (key === KEY_QUESTION) question = id;
          else if (key === KEY_MODEL) model = id;
          else if (key === KEY_CHECK) check = id;
          else judge = id;
        } else {
          i = plainStringEnd(bytes, from, end);
          if (i < 0) return false;
          switch (key) {
            case KEY_SETTING: {
              const s = wordIndex(bytes, from, i, SETTING_WORDS);
              if (s < 0) return false;
              setting = s as 0 | 1 | 2;
              break;
            }
            case KEY_VERDICT: {
              const v = wordIndex(bytes, from, i, VERDICT_WORDS);
              if (v < 0) return false;
              code = v + 1;
              break;
            }
            default:
              // A string sample: the schema's path says why that is wrong.
              return false;
          }
        }
        i++;
      } else if (key === KEY_SAMPLE) {
        const digitsEnd = smallIntegerEnd(bytes, i, end);
        if (digitsEnd < 0) return false;
        sample = 0;
        for (let k = i; k < digitsEnd; k++) sample = sample * 10 + ((bytes[k] as number) - 0x30);
        i = digitsEnd;
      } else {
        // null, true, false, a negative or fractional number, an object or array: the schema's path decides.
        return false;
      }
      i = skipWs(bytes, i, end);
      const sep = i < end ? bytes[i] : -1;
      if (sep === COMMA) {
        i = skipWs(bytes, i + 1, end);
        continue;
      }
      if (sep !== CLOSE || skipWs(bytes, i + 1, end) !== end) return false;
      break;
    }
    if (question === '' || model === '' || check === '' || judge === '' || code === NO_VERDICT) return false;
    out.question_id = question;
    out.model = model;
    out.setting = setting;
    out.check_id = check;
    out.code = code;
    out.judge = judge;
    out.sample = sample;
    return true;
  }
}

/** Which field the key at bytes[from, to) names: told apart by length first, then compared byte by byte. */
function keyOf(bytes: Uint8Array, from: number, to: number): number {
  switch (to - from) {
    case 11:
      return sameBytes(QUESTION_ID, bytes, from, to) ? KEY_QUESTION : KEY_OTHER;
    case 5:
      return sameBytes(MODEL, bytes, from, to) ? KEY_MODEL : sameBytes(JUDGE, bytes, from, to) ? KEY_JUDGE : KEY_OTHER;
    case 8:
      return sameBytes(CHECK_ID, bytes, from, to) ? KEY_CHECK : KEY_OTHER;
    case 7:
      return sameBytes(SETTING, bytes, from, to)
        ? KEY_SETTING
        : sameBytes(VERDICT, bytes, from, to)
          ? KEY_VERDICT
          : sameBytes(FAILURE, bytes, from, to)
            ? KEY_FAILURE
            : KEY_OTHER;
    case 6:
      return sameBytes(SAMPLE, bytes, from, to) ? KEY_SAMPLE : KEY_OTHER;
    default:
      return KEY_OTHER;
  }
}

function wordIndex(bytes: Uint8Array, from: number, to: number, words: readonly Uint8Array[]): number {
  for (let w = 0; w < words.length; w++) if (sameBytes(words[w] as Uint8Array, bytes, from, to)) return w;
  return -1;
}

/** JSON whitespace only (space, tab, LF, CR), as JSON.parse allows; never past `end`. */
function skipWs(bytes: Uint8Array, i: number, end: number): number {
  while (i < end) {
    const c = bytes[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
    i++;
  }
  return end;
}

/**
 * Index of the closing quote of a string starting at `from` that has no
 * escape and no control character; −1 otherwise. Bytes of multi-byte UTF-8
 * characters are all ≥ 0x80, so they never look like a quote, a backslash or
 * a control character, decoded or not.
 */
function plainStringEnd(bytes: Uint8Array, from: number, end: number): number {
  for (let k = from; k < end; k++) {
    const c = bytes[k] as number;
    if (c === QUOTE) return k;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
  return -1;
}

/** Index of the closing quote of a string that may hold escapes; −1 if JSON.parse would reject it. */
function escapedStringEnd(bytes: Uint8Array, from: number, end: number): number {
  for (let k = from; k < end; k++) {
    const c = bytes[k] as number;
    if (c === QUOTE) return k;
    if (c < 0x20) return -1;
    if (c !== BACKSLASH) continue;
    const e = k + 1 < end ? (bytes[k + 1] as number) : -1;
    // \" \\ \/ \b \f \n \r \t
    if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
      k++;
    } else if (
      e === 0x75 &&
      k + 5 < end &&
      isHex(bytes[k + 2]) &&
      isHex(bytes[k + 3]) &&
      isHex(bytes[k + 4]) &&
      isHex(bytes[k + 5])
    ) {
      k += 5;
    } else return -1;
  }
  return -1;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

/** End of a non-negative integer literal of up to 15 digits (exact as a double); −1 for anything else. */
function smallIntegerEnd(bytes: Uint8Array, i: number, end: number): number {
  if (i >= end || !isDigit(bytes[i])) return -1;
  let j = i + 1;
  if (bytes[i] !== 0x30) while (j < end && j - i < 15 && isDigit(bytes[j])) j++;
  const next = j < end ? bytes[j] : -1;
  // A leading zero followed by digits, a fraction, an exponent or more digits than a double holds exactly: not the common case.
  if (isDigit(next) || next === 0x2e || next === 0x65 || next === 0x45) return -1;
  return j;
}
