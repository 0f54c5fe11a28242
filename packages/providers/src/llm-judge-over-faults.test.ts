import { Check, type CheckOutcome, createLlmCheckJudge } from '@gamut/core';
import { type FakeServer, fakeClock, startFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudgeModel } from './create-judge-model.js';
import { withMiddleware } from './middleware/with-middleware.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

const checks = Array.from({ length: 6 }, (_, i) =>
  Check.parse({
    id: `I${i + 1}.fact`,
    tier: 'answer_critical',
    kind: 'fact',
    text: `Fact number ${i + 1}`,
    item: `I${i + 1}`,
    secondary: false,
    snippets: [],
  }),
);

const ok = (verdict: string) => JSON.stringify({ rationale: 'r', quote: null, verdict });

describe('the LLM check judge over a faulty provider', () => {
  it('ends every check with a valid verdict or a recorded failure carrying the raw reply', async () => {
    const inner = await createJudgeModel(`openai-compatible:judge@${server.origin}/v1`);
    const model = withMiddleware(inner, { timeoutMs: 1000, retries: 3, clock: fakeClock() });
    const judge = createLlmCheckJudge({ model, maxRepairRetries: 2 });
    // checks are judged one after another, so each fault lands on a known check
    server.enqueue(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } }, // check 1: waits, then…
      { kind: 'reply', text: ok('meets') },
      { kind: 'status', status: 500 }, // check 2: 500 then a verdict off the menu, then repaired casing
      { kind: 'reply', text: ok('does_not_meet') },
      { kind: 'reply', text: '```json\n{"verdict": "Partially meets", "rationale": "r", "quote": null}\n```' },
      { kind: 'hang' }, // check 3: hangs past the timeout, then answers
      { kind: 'reply', text: ok('missing') },
      { kind: 'invalid-json' }, // check 4: garbled body, then a truncated one, then a verdict
      { kind: 'truncated' },
      { kind: 'reply', text: ok('contradicts') },
      { kind: 'reply', text: 'The answer meets it.' }, // check 5: prose three times → judge failure
      { kind: 'reply', text: 'Meets.' },
      { kind: 'reply', text: '{"verdict": "meets", "rationale": "cut' },
      { kind: 'status', status: 503 }, // check 6: the service keeps failing → judge failure
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
    );
    const outcomes: CheckOutcome[] = [];
    for (const check of checks) {
      const input = {
        questionId: 'q1',
        question: 'Q?',
        answer: 'A.',
        language: 'en' as const,
        model: 'model-under-test',
      };
      outcomes.push(await judge.judge({ ...input, check }));
    }
    const summary = outcomes.map((o: CheckOutcome) => (o.status === 'ok' ? o.verdict : 'failed'));
    expect(summary).toEqual(['meets', 'partially_meets', 'missing', 'contradicts', 'failed', 'failed']);
    expect(outcomes[4]).toEqual({
      status: 'failed',
      kind: 'invalid_reply',
      error: 'invalid judge reply after 3 attempt(s): the reply is not a JSON object',
      raw: '{"verdict": "meets", "rationale": "cut',
    });
    const sixth = outcomes[5] as Extract<CheckOutcome, { status: 'failed' }>;
    expect(sixth.kind).toBe('provider_error');
    expect(sixth.error).toMatch(/HTTP 503.*gave up after 4 attempts/);
    expect(sixth.raw).toContain('server_error');
    expect(server.requests).toHaveLength(17);
    // the off-menu verdict went back to the judge with the reason
    const feedback = JSON.stringify(server.requests[4]?.body);
    expect(feedback).toContain('\\"does_not_meet\\" is not on the menu');
    expect(JSON.stringify(server.requests.map((r) => r.body))).not.toContain('model-under-test');
    // transport retries: 429, 500, hang, invalid + truncated, 3 × 503
    expect(model.totals()).toMatchObject({ failures: 1, retries: 8 });
  });
});
