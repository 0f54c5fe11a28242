/** One budget a provider reports: how many it allows per minute, how many are left, and when it refills. */
export interface RateBudget {
  limit?: number;
  remaining?: number;
  /** Milliseconds until the budget is full again (or the window resets). */
  resetMs?: number;
}

export interface RateLimitHeaders {
  requests?: RateBudget;
  tokens?: RateBudget;
}

type Headers = Record<string, string | undefined>;

/**
 * The rate-limit headers providers send on replies and 429s:
 * OpenAI/Groq/Azure `x-ratelimit-{limit,remaining,reset}-{requests,tokens}`
 * (reset as `1s`, `6m0s`, `20ms`), Anthropic
 * `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-{limit,remaining,reset}`
 * (reset as an RFC 3339 time), and the generic `x-ratelimit-*`/`ratelimit-*`
 * request budgets (reset in seconds, or an epoch time). Of several token
 * budgets the tightest wins. Undefined when the headers say nothing.
 */
export function parseRateLimitHeaders(headers: Headers | undefined, nowMs: number): RateLimitHeaders | undefined {
  if (headers === undefined) return undefined;
  const requests =
    budget(headers, 'x-ratelimit-%-requests', nowMs) ??
    budget(headers, 'anthropic-ratelimit-requests-%', nowMs) ??
    budget(headers, 'x-ratelimit-%', nowMs) ??
    budget(headers, 'ratelimit-%', nowMs);
  const tokens = tightest([
    budget(headers, 'x-ratelimit-%-tokens', nowMs),
    budget(headers, 'anthropic-ratelimit-tokens-%', nowMs),
    budget(headers, 'anthropic-ratelimit-input-tokens-%', nowMs),
    budget(headers, 'anthropic-ratelimit-output-tokens-%', nowMs),
  ]);
  if (requests === undefined && tokens === undefined) return undefined;
  return { ...(requests && { requests }), ...(tokens && { tokens }) };
}

function budget(headers: Headers, pattern: string, nowMs: number): RateBudget | undefined {
  const get = (part: string) => headers[pattern.replace('%', part)]?.trim();
  const limit = count(get('limit'));
  const remaining = count(get('remaining'));
  const reset = get('reset');
  const resetMs = reset === undefined ? undefined : parseReset(reset, nowMs);
  if (limit === undefined && remaining === undefined && resetMs === undefined) return undefined;
  return {
    ...(limit !== undefined && { limit }),
    ...(remaining !== undefined && { remaining }),
    ...(resetMs !== undefined && { resetMs }),
  };
}

function tightest(budgets: Array<RateBudget | undefined>): RateBudget | undefined {
  let best: RateBudget | undefined;
  for (const b of budgets) {
    if (b === undefined) continue;
    if (best === undefined || share(b) < share(best)) best = b;
  }
  return best;
}

const share = (b: RateBudget) =>
  b.remaining === undefined ? 1 : b.limit ? b.remaining / b.limit : b.remaining === 0 ? 0 : 1;

function count(s: string | undefined): number | undefined {
  if (s === undefined || !/^\d+(\.\d+)?$/.test(s)) return undefined;
  return Number.parseFloat(s);
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `20ms`, `1s`, `6m0s`, `1h2m3.5s`; plain seconds; an epoch time in seconds or milliseconds; an RFC 3339 date. */
export function parseReset(value: string, nowMs: number): number | undefined {
  if (/^\d+(\.\d+)?$/.test(value)) {
    const n = Number.parseFloat(value);
    if (n > 1e11) return Math.max(0, n - nowMs);
    if (n > 1e9) return Math.max(0, n * 1000 - nowMs);
    return n * 1000;
  }
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length > 0 && parts.map((p) => p[0]).join('') === value) {
    let ms = 0;
    for (const [, n, unit] of parts) ms += Number.parseFloat(n as string) * (UNIT_MS[unit as string] as number);
    return ms;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
