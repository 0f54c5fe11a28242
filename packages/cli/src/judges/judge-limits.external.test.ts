import { type FaultPolicy, randomFaults, rateLimit, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, CHECKS, limitsJudgeArgs, limitsVerdicts, metas } from './limits-workload.test-helpers.js';

// `gamut judge` against the testkit's fake provider: a real token-bucket rate limit, and seeded
// 429s, 5xx, garbage and hangs. Two runs of 600 checks each: run by `npm run test:external`, not `npm test`.
const RATE_RPS = 40;

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-limits-', files: { 'meta.jsonl': metas, 'answers.jsonl': answers }, server: { latencyMs: 50 } },
);

/** A fresh request log, and the faults of the next run. */
function configure(faults: FaultPolicy | undefined): void {
  fx.server.requests.length = 0;
  fx.server.setFaults(faults);
}
const serverLog = () => fx.server.requests;
const judge = (store: string, extra: string[] = []) =>
  fx.gamut(limitsJudgeArgs(fx.server.url, store, extra), { timeoutMs: 400_000 });
const verdicts = (store: string) => limitsVerdicts(fx.dir, store);

describe('gamut judge against a rate-limited, faulty provider', () => {
  it(`a ${CHECKS}-check run under a ${RATE_RPS} requests/s limit and no --rpm: every check, ≥ 80 % of the rate, 429s on at most half`, async () => {
    configure(rateLimit(RATE_RPS));
    const r = await judge('rate');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const judged = verdicts('rate');
    expect(judged.size).toBe(CHECKS);
    expect([...judged.values()].every((v) => v !== 'null')).toBe(true);
    const log = serverLog();
    const ok = log.filter((e) => e.status === 200);
    expect(ok).toHaveLength(CHECKS);
    // From the first request received to the last answer written, as the server saw them.
    const seconds = (Math.max(...ok.map((e) => e.completedAt ?? 0)) - Math.min(...log.map((e) => e.receivedAt))) / 1000;
    expect(CHECKS / seconds).toBeGreaterThanOrEqual(0.8 * RATE_RPS);
    const checksWith429 = new Set(log.filter((e) => e.status === 429).map((e) => e.key)).size;
    expect(checksWith429).toBeLessThanOrEqual(CHECKS / 2);
  }, 900_000);

  it(`${CHECKS} checks under 10 % 429 / 5 % 5xx / 2 % garbage / 1 % hangs end with every verdict of the fault-free run`, async () => {
    configure(undefined);
    const clean = await judge('clean');
    expect(clean.code).toBe(0);
    configure(randomFaults({ seed: 11, p429: 0.1, p5xx: 0.05, pGarbage: 0.02, pHang: 0.01 }));
    // A short deadline per attempt, so a hung request is given up and asked again soon; the
    // default retries (429s are waited out without using one).
    const faulty = await judge('faulty', ['--timeout', '2000']);
    expect(faulty.stderr).toBe('');
    expect(faulty.code).toBe(0);
    const log = serverLog();
    // The faults did happen: every kind, in about the shares asked for.
    const faults = new Map<string, number>();
    for (const e of log)
      faults.set(e.fault.split('-')[0] as string, (faults.get(e.fault.split('-')[0] as string) ?? 0) + 1);
    for (const kind of ['429', 'hang', 'g']) expect(faults.get(kind) ?? 0).toBeGreaterThan(0);
    expect(verdicts('faulty')).toEqual(verdicts('clean'));
    expect(verdicts('clean').size).toBe(CHECKS);
  }, 900_000);
});
