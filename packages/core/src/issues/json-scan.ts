/**
 * A JSON scanner that says where things are. `JSON.parse` is fast but names
 * no position for some errors (a trailing comma in an array) and its values
 * nest as deep as the text does, which later recursion (schemas, hashing,
 * `JSON.stringify`) cannot survive; this walks the text with an explicit
 * stack, so any depth is safe to scan, and reports offsets.
 */

/** Deepest nesting of arrays and objects accepted in any input; Gamut's own formats need fewer than 10. */
export const MAX_JSON_DEPTH = 256;

export interface JsonProblem {
  /** Offset (UTF-16 index into the scanned text) where the problem is. */
  readonly offset: number;
  readonly message: string;
  readonly kind: 'syntax' | 'too-deep';
}

export interface DuplicateKey {
  readonly key: string;
  /** Where the repeated key starts, and where its first occurrence did. */
  readonly offset: number;
  readonly firstOffset: number;
  /** Path of the object holding the key, e.g. `items[2]`; empty at the top level. */
  readonly path: string;
}

export interface JsonScan {
  /** The first syntax error or excess nesting; absent when the text is one valid JSON value. */
  readonly problem: JsonProblem | undefined;
  readonly duplicates: DuplicateKey[];
  /** Where each property (its key) and array element starts, by path (`items[2].coverage`); when asked for. */
  readonly paths: Map<string, number> | undefined;
}

interface Frame {
  readonly type: 'object' | 'array';
  /** Keys seen so far with their offsets; only kept when duplicates are asked for. */
  readonly keys: Map<string, number> | undefined;
  /** Current element index (arrays) or key (objects), for paths. */
  at: string | number;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;

/** Scans one JSON value spanning `text` (surrounding whitespace allowed). */
export function scanJson(
  text: string,
  options: { maxDepth?: number; duplicates?: boolean; paths?: boolean } = {},
): JsonScan {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const duplicates: DuplicateKey[] = [];
  const paths = options.paths ? new Map<string, number>([['', 0]]) : undefined;
  const stack: Frame[] = [];
  let i = 0;
  const fail = (offset: number, message: string, kind: JsonProblem['kind'] = 'syntax'): JsonScan => ({
    problem: { offset, message, kind },
    duplicates,
    paths,
  });
  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };

  // After a value: what closes or continues the container it sits in.
  const afterValue = (): JsonScan | 'done' | 'next' => {
    for (;;) {
      skipSpace();
      const top = stack[stack.length - 1];
      if (top === undefined) {
        return i >= text.length ? 'done' : fail(i, `unexpected ${describe(text, i)} after the end of the JSON value`);
      }
      const close = top.type === 'object' ? '}' : ']';
      const ch = text[i];
      if (ch === ',') {
        const comma = i;
        i++;
        skipSpace();
        if (text[i] === close) return fail(comma, `trailing comma before '${close}': JSON does not allow one`);
        if (top.type === 'array') (top.at as number)++;
        return 'next';
      }
      if (ch === close) {
        i++;
        stack.pop();
        continue;
      }
      if (i >= text.length) return fail(i, truncated(stack));
      const expected =
        top.type === 'object' ? "',' or '}' after a property value" : "',' or ']' after an array element";
      return fail(i, `expected ${expected}, found ${describe(text, i)}`);
    }
  };

  for (;;) {
    skipSpace();
    const top = stack[stack.length - 1];
    if (top?.type === 'object') {
      // A property: "key": value
      if (text[i] !== '"') {
        if (i >= text.length) return fail(i, truncated(stack));
        const hint = text[i] === "'" ? ' (JSON needs double quotes)' : '';
        return fail(i, `expected a property name in double quotes, found ${describe(text, i)}${hint}`);
      }
      const keyStart = i;
      const end = stringEnd(text, i);
      if (typeof end !== 'number') return fail(end.offset, end.message);
      const key = decodeKey(text.slice(i + 1, end - 1));
      i = end;
      if (top.keys) {
        const first = top.keys.get(key);
        if (first !== undefined) duplicates.push({ key, offset: keyStart, firstOffset: first, path: pathOf(stack, 1) });
        else top.keys.set(key, keyStart);
      }
      top.at = key;
      if (paths) paths.set(pathOf(stack, 0), keyStart);
      skipSpace();
      if (text[i] !== ':') {
        if (i >= text.length) return fail(i, truncated(stack));
        return fail(i, `expected ':' after the property name, found ${describe(text, i)}`);
      }
      i++;
      skipSpace();
    }
    // A value.
    const ch = text[i];
    if (paths && top?.type === 'array') paths.set(pathOf(stack, 0), i);
    if (ch === '{' || ch === '[') {
      if (stack.length >= maxDepth) {
        return fail(i, `nested deeper than ${maxDepth} levels of arrays and objects`, 'too-deep');
      }
      const type = ch === '{' ? 'object' : 'array';
      stack.push({ type, keys: type === 'object' && options.duplicates ? new Map() : undefined, at: 0 });
      i++;
      skipSpace();
      const close = type === 'object' ? '}' : ']';
      if (text[i] === close) {
        i++;
        stack.pop();
        const next = afterValue();
        if (next === 'done') return { problem: undefined, duplicates, paths };
        if (next !== 'next') return next;
      }
      continue;
    }
    const valueEnd = scalarEnd(text, i, stack);
    if (typeof valueEnd !== 'number') return fail(valueEnd.offset, valueEnd.message);
    i = valueEnd;
    const next = afterValue();
    if (next === 'done') return { problem: undefined, duplicates, paths };
    if (next !== 'next') return next;
  }
}

/** Offset just past a scalar starting at `i`, or what is wrong there. */
function scalarEnd(text: string, i: number, stack: readonly Frame[]): number | { offset: number; message: string } {
  const ch = text[i];
  if (ch === '"') return stringEnd(text, i);
  if (ch === undefined)
    return { offset: i, message: stack.length ? truncated(stack) : 'no JSON value: the text is empty' };
  NUMBER.lastIndex = i;
  if (NUMBER.test(text)) return NUMBER.lastIndex;
  WORD.lastIndex = i;
  const word = WORD.test(text) ? text.slice(i, WORD.lastIndex) : '';
  if (word === 'true' || word === 'false' || word === 'null') return i + word.length;
  if (ch === "'") return { offset: i, message: 'strings need double quotes in JSON, not single quotes' };
  if (ch === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
    return { offset: i, message: 'JSON does not allow comments' };
  }
  if (ch === ',' || ch === ']' || ch === '}') return { offset: i, message: `expected a value, found '${ch}'` };
  if (word)
    return { offset: i, message: `expected a value, found ${word.length > 20 ? `${word.slice(0, 20)}…` : word}` };
  return { offset: i, message: `expected a value, found ${describe(text, i)}` };
}

/** Offset just past the string whose opening quote is at `i`, or the first thing wrong inside it. */
function stringEnd(text: string, i: number): number | { offset: number; message: string } {
  let j = i + 1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (Number.isNaN(c)) return { offset: i, message: 'unexpected end of input inside a string (no closing ")' };
    if (c === 0x22) return j + 1;
    if (c < 0x20) {
      const what =
        c === 0x0a ? 'a line break' : c === 0x09 ? 'a tab' : `control character U+${c.toString(16).padStart(4, '0')}`;
      return { offset: j, message: `${what} inside a string: write it escaped (\\n, \\t, \\u00XX)` };
    }
    if (c === 0x5c) {
      const e = text[j + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6)))
          return { offset: j, message: 'bad \\u escape: it needs four hex digits' };
        j += 6;
        continue;
      }
      if (e === undefined || !'"\\/bfnrt'.includes(e))
        return { offset: j, message: `bad escape \\${e ?? ''} in a string` };
      j += 2;
      continue;
    }
    j++;
  }
}

function decodeKey(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return JSON.parse(`"${raw}"`) as string;
}

function truncated(stack: readonly Frame[]): string {
  const open = stack.length;
  return `unexpected end of input with ${open} bracket${open === 1 ? '' : 's'} still open`;
}

function describe(text: string, i: number): string {
  if (i >= text.length) return 'the end of the input';
  const cp = text.codePointAt(i) ?? 0;
  const ch = String.fromCodePoint(cp);
  return cp < 0x20 ? `U+${cp.toString(16).padStart(4, '0')}` : `'${ch}'`;
}

/** The path of the container `skip` levels below the top of the stack. */
function pathOf(stack: readonly Frame[], skip: number): string {
  let out = '';
  for (let k = 0; k < stack.length - skip; k++) {
    const at = stack[k]?.at;
    if (typeof at === 'number') out += `[${at}]`;
    else out += out ? `.${at}` : String(at);
  }
  return out;
}

/**
 * How deep arrays and objects can nest in `text` at most: the count of
 * openers. Cheap, so every input is checked, and only text that could exceed
 * the limit is scanned exactly.
 */
export function mayNestDeeperThan(text: string, depth: number): boolean {
  let n = 0;
  for (let i = text.indexOf('['); i !== -1 && n <= depth; i = text.indexOf('[', i + 1)) n++;
  for (let i = text.indexOf('{'); i !== -1 && n <= depth; i = text.indexOf('{', i + 1)) n++;
  return n > depth;
}
