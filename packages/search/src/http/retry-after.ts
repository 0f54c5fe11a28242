/**
 * The wait a 429 asks for, in milliseconds: `retry-after` in seconds or as an HTTP date, else
 * Brave's `x-ratelimit-reset` (seconds until each window resets, the first being the shortest).
 */
export function retryAfterMs(headers: Headers, nowMs: number = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value) {
    if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const reset = Number(headers.get('x-ratelimit-reset')?.split(',')[0]?.trim());
  return Number.isFinite(reset) && reset >= 0 && headers.has('x-ratelimit-reset') ? reset * 1000 : undefined;
}
