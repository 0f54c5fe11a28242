/**
 * Repairs for the breakage models commonly produce around otherwise sound
 * JSON: code fences, prose before or after, single-quoted strings, Python
 * literals, trailing commas. Nothing here invents content: a repair either
 * yields the JSON the model meant, or the reply stays unparseable.
 */

/** Parses `raw` as a JSON object, repairing obvious breakage; `undefined` if no object can be recovered. */
export function parseLooseJsonObject(raw: string): { value: unknown; repaired: boolean } | undefined {
  const trimmed = raw.trim();
  const direct = tryParse(trimmed);
  if (direct !== undefined) return { value: direct, repaired: false };
  for (const candidate of candidates(trimmed)) {
    const parsed = tryParse(candidate) ?? tryParse(pythonToJson(candidate));
    if (parsed !== undefined) return { value: parsed, repaired: true };
  }
  return undefined;
}

function tryParse(text: string): unknown {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function* candidates(text: string): Generator<string> {
  const fence = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/.exec(text);
  if (fence?.[1] !== undefined) {
    const inner = fence[1].trim();
    yield inner;
    const obj = firstBalancedObject(inner);
    if (obj !== undefined && obj !== inner) yield obj;
  }
  const obj = firstBalancedObject(text);
  if (obj !== undefined) yield obj;
}

/** The first `{...}` span whose braces balance, skipping braces inside quoted strings. */
function firstBalancedObject(text: string): string | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote !== null) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

/** Single-quoted strings → double-quoted, None/True/False → JSON, trailing commas dropped. */
function pythonToJson(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      let body = '';
      while (j < text.length && text[j] !== ch) {
        if (text[j] === '\\' && j + 1 < text.length) {
          const next = text[j + 1] as string;
          body += next === "'" ? "'" : `\\${next}`;
          j += 2;
          continue;
        }
        body += text[j] === '"' ? '\\"' : text[j];
        j++;
      }
      out += `"${body}"`;
      i = j + 1;
      continue;
    }
    const word = /^(None|True|False)\b/.exec(text.slice(i, i + 5));
    if (word?.[1] !== undefined) {
      out += word[1] === 'None' ? 'null' : word[1] === 'True' ? 'true' : 'false';
      i += word[1].length;
      continue;
    }
    out += ch;
    i++;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

const THINK_BLOCK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;
const OPEN_TO_END = /<(think|thinking|reasoning)>[\s\S]*$/i;
const LAST_CLOSE = /<\/(?:think|thinking|reasoning)>(?![\s\S]*<\/(?:think|thinking|reasoning)>)/i;

/**
 * The reply without what the model wrote while thinking, which may hold a
 * draft verdict that is not its answer: `<think>…</think>` and
 * `<thinking>…</thinking>` blocks; a block left open (cut off mid-thought:
 * nothing after the tag is an answer); and a leading block whose opening
 * tag was in the chat template, so only `</think>` appears.
 */
export function stripThinking(raw: string): string {
  if (!/<\/?(think|thinking|reasoning)>/i.test(raw)) return raw;
  let text = raw.replace(THINK_BLOCK, '');
  const close = LAST_CLOSE.exec(text);
  if (close !== null) text = text.slice(close.index + close[0].length);
  return text.replace(OPEN_TO_END, '').trim();
}
