import { seededRandom } from '@gamut/core';
import type { FaultPolicy } from './fake-server.js';
import type { Fault } from './faults.js';

/** The first fault any of `policies` picks for a request. */
export function firstFault(...policies: FaultPolicy[]): FaultPolicy {
  return (request) => {
    for (const p of policies) {
      const fault = p(request);
      if (fault !== undefined) return fault;
    }
    return undefined;
  };
}

/**
 * Faults named in the prompt, so that a test spawning the CLI picks which check meets which:
 * `[429]` once (retry-after 1 s), `[500]` twice, `[hang]` once (never answered), `[badjson]` once
 * (a body that is not JSON); counted per call (`RecordedRequest.key`), so a retry gets past them.
 */
export function markerFaults(): FaultPolicy {
  const seen = new Map<string, number>();
  const nth = (marker: string, key: string) => {
    const k = `${marker}:${key}`;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return n;
  };
  return ({ body, key }) => {
    const prompt = JSON.stringify(body.messages);
    if (prompt.includes('[429]') && nth('429', key) === 1) {
      const rateLimited = '{"error":{"message":"rate limited","type":"rate_limit"}}';
      return { kind: 'status', status: 429, headers: { 'retry-after': '1' }, body: rateLimited };
    }
    if (prompt.includes('[500]') && nth('500', key) <= 2) {
      return { kind: 'status', status: 500, body: '{"error":{"message":"boom"}}' };
    }
    if (prompt.includes('[hang]') && nth('hang', key) === 1) return { kind: 'hang' };
    if (prompt.includes('[badjson]') && nth('badjson', key) === 1) return { kind: 'invalid-json' };
    return undefined;
  };
}

/**
 * A real rate limit: a token bucket of `perSecond` requests a second (burst a tenth of that, at
 * least 1); a request with no token is turned away at once with 429 and `retry-after-ms` = the wait
 * for the next token.
 */
export function rateLimit(perSecond: number): FaultPolicy {
  const burst = Math.max(1, perSecond / 10);
  let tokens = burst;
  let filled = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - filled) / 1000) * perSecond);
    filled = now;
    if (tokens >= 1) {
      tokens -= 1;
      return undefined;
    }
    const wait = Math.ceil(((1 - tokens) / perSecond) * 1000);
    const body = '{"error":{"message":"Rate limit reached for requests","code":"rate_limit_exceeded"}}';
    return {
      kind: 'status',
      status: 429,
      headers: { 'retry-after-ms': String(wait) },
      body,
      immediate: true,
      name: '429-limit',
    };
  };
}

export interface RandomFaultShares {
  seed: number;
  p429?: number;
  p5xx?: number;
  pGarbage?: number;
  pHang?: number;
}

const HTML_502 =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
const HTML_PAGE =
  '<!DOCTYPE html><html><body><h1>Service temporarily unavailable</h1><p>Please try again later.</p></body></html>';

/** The scripted verdict turned into one that is not on the menu. */
function offMenu(text: string): string {
  try {
    return JSON.stringify({ ...(JSON.parse(text) as object), verdict: 'does_not_meet' });
  } catch {
    return text;
  }
}

/** Each kind of fault in equal shares of its family, named as the request log shows it. */
const FAMILIES: Record<'429' | '5xx' | 'garbage', (draw: () => number) => Fault[]> = {
  '429': (draw): Fault[] => [
    { kind: 'status', status: 429, name: '429-s', headers: { 'retry-after': '1' } },
    {
      kind: 'status',
      status: 429,
      name: '429-ms',
      headers: { 'retry-after-ms': String(200 + Math.floor(draw() * 400)) },
    },
    {
      kind: 'status',
      status: 429,
      name: '429-date',
      headers: { 'retry-after': new Date(Math.ceil((Date.now() + 1000) / 1000) * 1000).toUTCString() },
    },
    { kind: 'status', status: 429, name: '429-none', body: '{"error":{"message":"Rate limit reached"}}' },
  ],
  '5xx': (): Fault[] => [
    { kind: 'status', status: 500, name: '500' },
    { kind: 'status', status: 502, name: '502-html', headers: { 'content-type': 'text/html' }, body: HTML_502 },
    { kind: 'status', status: 503, name: '503-empty', headers: { 'content-type': 'text/plain' }, body: '' },
  ],
  garbage: (): Fault[] => [
    { kind: 'invalid-json', name: 'g-invalid-json' },
    { kind: 'status', status: 200, name: 'g-html', headers: { 'content-type': 'text/html' }, body: HTML_PAGE },
    { kind: 'truncated', name: 'g-truncated' },
    { kind: 'reply', name: 'g-offmenu', text: offMenu },
    { kind: 'reply', name: 'g-fenced', text: (t) => `\`\`\`json\n${t}\n\`\`\`` },
  ],
};

/**
 * Faults drawn per request from a seeded PRNG in the shares given: 429s with retry-after in
 * seconds, in milliseconds, as an HTTP date, or with no hint; 500 JSON, 502 HTML, 503 empty;
 * garbage (invalid JSON, an HTML page, a truncated body, a verdict off the menu, JSON in fences);
 * hangs.
 */
export function randomFaults(shares: RandomFaultShares): FaultPolicy {
  const draw = seededRandom(shares.seed);
  const families = [
    ['429', shares.p429 ?? 0],
    ['5xx', shares.p5xx ?? 0],
    ['garbage', shares.pGarbage ?? 0],
    ['hang', shares.pHang ?? 0],
  ] as const;
  return () => {
    const r = draw();
    let acc = 0;
    for (const [family, p] of families) {
      acc += p;
      if (r >= acc) continue;
      if (family === 'hang') return { kind: 'hang' };
      const kinds = FAMILIES[family](draw);
      return kinds[Math.floor(draw() * kinds.length)];
    }
    return undefined;
  };
}
