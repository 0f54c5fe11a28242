import { createLlmCheckJudge, ProviderError } from '@gamut/core';
import { fakeClock, useFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJudgeModel } from './create-judge-model.js';
import { parseJudgeSpec } from './judge-spec.js';
import { withMiddleware } from './middleware/with-middleware.js';
import { redactSecrets } from './redact.js';
import { checkInput } from './test-support/check-input.js';
import { MemoryCallCache } from './test-support/memory-call-cache.js';

const live = useFakeServer({ beforeAll, afterAll, beforeEach });

const input = checkInput();

// One key shaped like OpenAI's, one a local server's plain secret that no pattern would catch.
const OPENAI_KEY = 'sk-proj-R3dactMe0123456789abcdefABCDEF';
const PLAIN_KEY = 'local-server-secret-42';

describe('keys never reach what is stored or printed', () => {
  it('a 401 that quotes the key back: the fatal error names the variable, not the key', async () => {
    const model = await createJudgeModel('openai-chat:gpt-4.1', {
      env: { OPENAI_API_KEY: OPENAI_KEY },
      baseURL: `${live().origin}/v1`,
    });
    live().enqueue({ kind: 'echo-key', status: 401 });
    const error = await createLlmCheckJudge({ model: withMiddleware(model) })
      .judge(input)
      .catch((e: unknown) => e);
    expect(ProviderError.isProviderError(error)).toBe(true);
    const { message, details } = error as ProviderError;
    // the server did echo it: the request carried the key
    expect(live().requests[0]?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(message).toContain('Incorrect API key provided: Bearer [REDACTED]');
    expect(message).toContain('check OPENAI_API_KEY');
    expect(`${message} ${details.raw}`).not.toContain(OPENAI_KEY);
    expect(`${message} ${details.raw}`).not.toContain('R3dactMe');
  });

  it('a 500 that quotes every header back, after its retries: the stored failure holds no key', async () => {
    const model = await createJudgeModel(`openai-compatible:judge@${live().origin}/v1`, {
      env: { OPENAI_COMPATIBLE_API_KEY: PLAIN_KEY },
    });
    live().enqueue(...Array.from({ length: 3 }, () => ({ kind: 'echo-key' as const, status: 500 })));
    const judge = createLlmCheckJudge({ model: withMiddleware(model, { retries: 2, clock: fakeClock() }) });
    const outcome = await judge.judge(input);
    expect(live().requests).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'failed', kind: 'provider_error' });
    const stored = JSON.stringify(outcome);
    expect(stored).toContain('[REDACTED]');
    expect(stored).not.toContain(PLAIN_KEY);
  });

  it('a reply that quotes a key is cached without it', async () => {
    const cache = new MemoryCallCache();
    const model = await createJudgeModel('openai-chat:gpt-4.1', {
      env: { OPENAI_API_KEY: OPENAI_KEY },
      baseURL: `${live().origin}/v1`,
    });
    const text = JSON.stringify({ rationale: `The proxy said Bearer ${OPENAI_KEY}.`, quote: null, verdict: 'meets' });
    live().enqueue({ kind: 'reply', text });
    const outcome = await createLlmCheckJudge({ model: withMiddleware(model, { cache }) }).judge(input);
    expect(outcome).toMatchObject({ status: 'ok', rationale: 'The proxy said Bearer [REDACTED].' });
    expect(JSON.stringify([...cache.entries.values()])).not.toContain(OPENAI_KEY);
  });

  it('redacts what is shaped like a key, known or not, and leaves ordinary words alone', () => {
    const google = `AIza${'SyD-abcdefghijklmnopqrstuvwxyz1234'}`;
    const anthropic = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz';
    expect(redactSecrets(`key=${google}&x=1`)).toBe('key=[REDACTED]&x=1');
    expect(redactSecrets(`x-api-key: ${anthropic}`)).toBe('x-api-key: [REDACTED]');
    expect(redactSecrets('authorization: bearer eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(
      'authorization: Bearer [REDACTED]',
    );
    expect(redactSecrets('a risk-assessment of sk-learn, task-based')).toBe(
      'a risk-assessment of sk-learn, task-based',
    );
  });
});

describe('a judge spec whose URL carries a key', () => {
  it.each([
    'openai-compatible:m@https://user:S3cretKeyValue@host.example/v1',
    'openai-compatible:m@https://host.example/v1?api_key=S3cretKeyValue',
    'openai-compatible:m@https://host.example/v1?key=S3cretKeyValue',
  ])('%s is refused without echoing the key', (spec) => {
    let message = '';
    try {
      parseJudgeSpec(spec);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('the base URL carries a key');
    expect(message).toContain('OPENAI_COMPATIBLE_API_KEY');
    expect(message).toContain('https://host.example/v1');
    expect(message).not.toContain('S3cretKeyValue');
  });

  it('an ordinary base URL with a query is still accepted', () => {
    expect(parseJudgeSpec('openai-compatible:m@https://host.example/v1?region=eu').baseURL).toBe(
      'https://host.example/v1?region=eu',
    );
  });
});
