import { VERDICTS } from '../schema/ids.js';
import { parseLooseJsonObject, stripThinking } from './judge-reply-repair.js';
import { BatchedJudgeReply, JudgeReply } from './judge-reply-schema.js';

export type ParsedReply<T> = { ok: true; value: T; repaired: boolean } | { ok: false; error: string };

const MENU = VERDICTS.join(', ');

/**
 * Parse, repair, validate; never guess. A verdict off the menu is a protocol
 * error returned as `ok: false` (for the caller to retry), not a verdict.
 */
export function parseJudgeReply(reply: string): ParsedReply<JudgeReply> {
  const fast = wellFormed(reply);
  if (fast !== undefined) return { ok: true, value: fast, repaired: false };
  // What the model thought before answering is not its answer, even when it holds a verdict.
  const raw = stripThinking(reply);
  const answer = raw === reply ? undefined : wellFormed(raw);
  if (answer !== undefined) return { ok: true, value: answer, repaired: false };
  const loose = parseLooseJsonObject(raw);
  if (loose === undefined) return { ok: false, error: 'the reply is not a JSON object' };
  const normalised = normaliseVerdictObject(loose.value as Record<string, unknown>);
  const offMenu = offMenuError(normalised.value.verdict);
  if (offMenu !== undefined) return { ok: false, error: offMenu };
  const checked = JudgeReply.safeParse(normalised.value);
  if (!checked.success) return { ok: false, error: describe(checked.error.issues) };
  return { ok: true, value: checked.data, repaired: loose.repaired || normalised.repaired };
}

export function parseBatchedJudgeReply(reply: string): ParsedReply<BatchedJudgeReply> {
  const loose = parseLooseJsonObject(stripThinking(reply));
  if (loose === undefined) return { ok: false, error: 'the reply is not a JSON object' };
  const obj = lowerKeys(loose.value as Record<string, unknown>);
  if (!Array.isArray(obj.value.verdicts)) return { ok: false, error: '`verdicts` must be an array' };
  let repaired = loose.repaired || obj.repaired;
  const verdicts = obj.value.verdicts.map((v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    const n = normaliseVerdictObject(v as Record<string, unknown>);
    repaired ||= n.repaired;
    return n.value;
  });
  for (const [i, v] of verdicts.entries()) {
    const offMenu = offMenuError((v as Record<string, unknown> | null)?.verdict, `verdicts.${i}.`);
    if (offMenu !== undefined) return { ok: false, error: offMenu };
  }
  const checked = BatchedJudgeReply.safeParse({ verdicts });
  if (!checked.success) return { ok: false, error: describe(checked.error.issues) };
  return { ok: true, value: checked.data, repaired };
}

const MENU_SET: ReadonlySet<string> = new Set(VERDICTS);

/**
 * The common case, a reply exactly as the schema asks, checked by hand: it is
 * on the path of every judge call, and the full repair-and-validate path
 * below gives the same result for it.
 */
function wellFormed(raw: string): JudgeReply | undefined {
  if (raw.charCodeAt(0) !== 123 /* { */) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const { verdict, rationale, quote } = v as Record<string, unknown>;
  if (typeof verdict !== 'string' || !MENU_SET.has(verdict) || typeof rationale !== 'string') return undefined;
  if (quote !== null && (typeof quote !== 'string' || quote.trim() === '')) return undefined;
  if (Object.keys(v).length !== 3) return undefined;
  return { verdict: verdict as JudgeReply['verdict'], rationale, quote };
}

function offMenuError(verdict: unknown, path = ''): string | undefined {
  if (typeof verdict !== 'string' || (VERDICTS as readonly string[]).includes(verdict)) return undefined;
  return `\`${path}verdict\` "${verdict}" is not on the menu; it must be one of: ${MENU}`;
}

/** Verdict casing and spacing ("Partially meets" → partially_meets), key casing, empty quote → null. */
function normaliseVerdictObject(input: Record<string, unknown>): { value: Record<string, unknown>; repaired: boolean } {
  const { value, repaired: keysRepaired } = lowerKeys(input);
  let repaired = keysRepaired;
  if (typeof value.verdict === 'string') {
    const v = value.verdict
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (v !== value.verdict) repaired = true;
    value.verdict = v;
  }
  if (value.rationale === undefined) {
    value.rationale = '';
    repaired = true;
  }
  if (value.quote === undefined || (typeof value.quote === 'string' && value.quote.trim() === '')) {
    if (value.quote !== undefined) repaired = true;
    value.quote = null;
  }
  return { value, repaired };
}

function lowerKeys(input: Record<string, unknown>): { value: Record<string, unknown>; repaired: boolean } {
  const value: Record<string, unknown> = {};
  let repaired = false;
  for (const [k, v] of Object.entries(input)) {
    const lower = k.trim().toLowerCase();
    if (lower !== k) repaired = true;
    value[lower] = v;
  }
  return { value, repaired };
}

function describe(issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[]): string {
  return issues
    .map((i) => {
      const path = i.path.map(String).join('.');
      if (path.endsWith('verdict')) return `\`${path}\` must be one of: ${MENU}`;
      return `\`${path || '(root)'}\`: ${i.message}`;
    })
    .join('; ');
}
