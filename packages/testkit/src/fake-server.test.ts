import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, useFakeServer } from './fake-server.js';
import { markerFaults, randomFaults, rateLimit } from './fault-policies.js';
import { judgeReplies } from './judge-replies.js';
import { refusedOrigin } from './local-server.js';

const live = useFakeServer({ beforeAll, afterAll, beforeEach });
const chat = (messages: unknown[], extra: Record<string, unknown> = {}) =>
  fetch(`${live().url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-secret' },
    body: JSON.stringify({ model: 'm', messages, ...extra }),
  });
const user = (text: string) => [{ role: 'user', content: text }];

describe('the fake provider server', () => {
  it('answers each wire format with its recorded reply, the scripted text put in', async () => {
    live().setReply(() => 'scripted');
    const post = (path: string) =>
      fetch(`${live().origin}${path}`, { method: 'POST', body: '{}' }).then((r) => r.json());
    const chatReply = await post('/v1/chat/completions');
    const responses = await post('/v1/responses');
    const anthropic = await post('/v1/messages');
    const gemini = await post('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(chatReply.choices[0].message.content).toBe('scripted');
    expect(responses.output[0].content[0].text).toBe('scripted');
    expect(anthropic.content[0].text).toBe('scripted');
    expect(gemini.candidates[0].content.parts[0].text).toBe('scripted');
    expect(live().requests.map((r) => r.format)).toEqual(['openai-chat', 'openai-responses', 'anthropic', 'gemini']);
    expect((await fetch(`${live().origin}/v1/models`, { method: 'POST' })).status).toBe(404);
  });

  it('serves queued faults in order, then normal replies, and logs what it did', async () => {
    live().setReply(() => 'fine');
    live().enqueue({ kind: 'status', status: 503 }, { kind: 'echo-key', status: 401 }, { kind: 'invalid-json' });
    const statuses: number[] = [];
    const bodies: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await chat(user('hi'));
      statuses.push(r.status);
      bodies.push(await r.text());
    }
    expect(statuses).toEqual([503, 401, 200, 200]);
    expect(bodies[1]).toContain('Incorrect API key provided: Bearer sk-secret');
    expect(() => JSON.parse(bodies[2] as string)).toThrow();
    expect(JSON.parse(bodies[3] as string).choices[0].message.content).toBe('fine');
    expect(live().requests.map((r) => [r.n, r.fault, r.status])).toEqual([
      [0, '503', 503],
      [1, 'echo-key', 401],
      [2, 'invalid-json', 200],
      [3, 'ok', 200],
    ]);
    // The same call asked again has the same key.
    expect(new Set(live().requests.map((r) => r.key)).size).toBe(1);
  });

  it('prompt markers fault a call the number of times they say, then let its retries through', async () => {
    live().setFaults(markerFaults());
    const first = await chat(user('a [429]'));
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await chat(user('a [429]'))).status).toBe(200);
    const fives = [await chat(user('b [500]')), await chat(user('b [500]')), await chat(user('b [500]'))];
    expect(fives.map((r) => r.status)).toEqual([500, 500, 200]);
    live().setFaults(undefined);
  });

  it('a hung request stays open until the server closes', async () => {
    const server = await startFakeServer({ faults: () => ({ kind: 'hang' }) });
    const pending = fetch(`${server.url}/chat/completions`, { method: 'POST', body: '{}' }).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.status).toBeUndefined();
    await server.close();
    expect(await pending).toBe('cut');
  });

  it('an origin nothing listens on refuses connections', async () => {
    const origin = await refusedOrigin();
    await expect(fetch(origin)).rejects.toThrow();
  });
});

describe('fault policies', () => {
  const names = (policy: ReturnType<typeof randomFaults>, n: number) =>
    Array.from({ length: n }, () => {
      const f = policy({} as never);
      return f === undefined ? 'ok' : (f.name ?? f.kind);
    });

  it('random faults are drawn from the seed, in about the shares asked for, every kind of each family', () => {
    const shares = { seed: 7, p429: 0.2, p5xx: 0.1, pGarbage: 0.1, pHang: 0.05 };
    const a = names(randomFaults(shares), 4000);
    expect(names(randomFaults(shares), 4000)).toEqual(a);
    expect(names(randomFaults({ ...shares, seed: 8 }), 4000)).not.toEqual(a);
    const count = (pred: (n: string) => boolean) => a.filter(pred).length / a.length;
    expect(count((n) => n.startsWith('429'))).toBeCloseTo(0.2, 1);
    expect(count((n) => /^5\d\d/.test(n))).toBeCloseTo(0.1, 1);
    expect(count((n) => n.startsWith('g-'))).toBeCloseTo(0.1, 1);
    expect(count((n) => n === 'hang')).toBeCloseTo(0.05, 1);
    expect(new Set(a)).toEqual(
      new Set([
        'ok',
        ...['429-s', '429-ms', '429-date', '429-none', '500', '502-html', '503-empty'],
        ...['g-invalid-json', 'g-html', 'g-truncated', 'g-offmenu', 'g-fenced', 'hang'],
      ]),
    );
  });

  it('no shares, no faults', () => {
    expect(new Set(names(randomFaults({ seed: 1 }), 200))).toEqual(new Set(['ok']));
  });

  it('a rate limit lets a burst of a tenth of a second through, then turns requests away with the wait', () => {
    const limit = rateLimit(100);
    const faults = Array.from({ length: 12 }, () => limit({} as never));
    expect(faults.slice(0, 10).every((f) => f === undefined)).toBe(true);
    const turnedAway = faults[10];
    expect(turnedAway).toMatchObject({ kind: 'status', status: 429, immediate: true, name: '429-limit' });
    const wait = Number(turnedAway?.kind === 'status' ? turnedAway.headers?.['retry-after-ms'] : NaN);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(10);
  });
});

describe('judge replies', () => {
  const reply = judgeReplies();
  const ask = (body: Record<string, unknown>) => reply({ body } as never).text;
  const judgeCall = (prompt: string) => ({
    model: 'j',
    messages: [{ role: 'user', content: prompt }],
    response_format: { type: 'json_schema' },
  });

  it('a verdict on the menu that is a pure function of the prompt', () => {
    const a = JSON.parse(ask(judgeCall('Does it name the dish?')));
    expect(['meets', 'partially_meets', 'missing', 'contradicts']).toContain(a.verdict);
    expect(JSON.parse(ask(judgeCall('Does it name the dish?')))).toEqual(a);
  });

  it('a repair, which adds messages after the check, is meant to get the same verdict', () => {
    const call = { ...judgeCall('Does it name the dish?'), messages: [{ role: 'system', content: 'Judge.' }] };
    call.messages.push({ role: 'user', content: 'Does it name the dish?' });
    const first = JSON.parse(ask(call)).verdict;
    const repair = [
      ...call.messages,
      { role: 'assistant', content: '{"verdict":"yes"}' },
      { role: 'user', content: 'Use the menu.' },
    ];
    expect(JSON.parse(ask({ ...call, messages: repair })).verdict).toBe(first);
  });

  it('an [offmenu] prompt always gets "yes"; a batch one verdict per listed check; an answer call text', () => {
    expect(JSON.parse(ask(judgeCall('Names it [offmenu]'))).verdict).toBe('yes');
    const batch = {
      model: 'j',
      messages: [{ role: 'user', content: '[I1.fact] Names it\n[I2.fact] Says when\n' }],
      response_format: { type: 'json_schema', json_schema: { schema: { properties: { verdicts: {} } } } },
    };
    expect(JSON.parse(ask(batch)).verdicts.map((v: { check_id: string }) => v.check_id)).toEqual([
      'I1.fact',
      'I2.fact',
    ]);
    const answerA = ask({ model: 'a', messages: [{ role: 'user', content: 'What is it?' }] });
    const answerB = ask({ model: 'b', messages: [{ role: 'user', content: 'What is it?' }] });
    expect(answerA).toMatch(/^Fake answer [0-9a-f]{6}: /);
    expect(answerA).not.toBe(answerB);
  });
});
