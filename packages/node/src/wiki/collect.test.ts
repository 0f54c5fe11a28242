import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalServer, listenLocal, readBody } from '@gamut/testkit';
import { MalformedReply, mapAgentReply } from '@gamut/wiki';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandAgent, httpAgent } from './agent-callers.js';
import { collectAgentOutputs } from './collect.js';

const questions = [
  { question_id: 'ok-1', question: 'P1 공지 시한은?' },
  { question_id: 'ok-2', question: 'VPN?' },
  { question_id: 'bad', question: 'malformed please' },
  { question_id: 'slow', question: 'sleep' },
  { question_id: 'flaky', question: 'fails once' },
];

let server: LocalServer;
let url: string;
const hits = new Map<string, number>();
beforeAll(async () => {
  server = await listenLocal(async (req, res) => {
    const { question_id: id, question } = JSON.parse(await readBody(req));
    hits.set(id, (hits.get(id) ?? 0) + 1);
    if (id === 'bad') return res.end('{"status": "ok"}');
    if (id === 'slow') return void setTimeout(() => res.end('{"answer":"late"}'), 3000);
    if (id === 'flaky' && hits.get(id) === 1) {
      res.statusCode = 503;
      return res.end('busy');
    }
    res.setHeader('content-type', 'application/json');
    // A LangChain-like reply: output + source_documents with metadata.
    res.end(
      JSON.stringify({
        output: `answer to ${question} [POL-101]`,
        source_documents: [{ page_content: 'x', metadata: { page_id: 'POL-101', version: 2 } }],
      }),
    );
  });
  url = `${server.origin}/ask`;
});
afterAll(() => server.close());

const lines = async (f: string) =>
  (await readFile(f, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('mapAgentReply', () => {
  it('maps common field names and keeps explicit citations', () => {
    const o = mapAgentReply(
      {
        response: 'A [X].',
        contexts: [{ doc_id: 'X', score: 0.9, chunk_id: 'X#1' }, 'Y'],
        citations: [{ text: 'A', sources: ['X'] }],
      },
      { question_id: 'q', agent: 'a' },
    );
    expect(o).toEqual({
      question_id: 'q',
      agent: 'a',
      answer: 'A [X].',
      retrieved: [
        { page_id: 'X', chunk_id: 'X#1', rank: 1, score: 0.9 },
        { page_id: 'Y', rank: 2 },
      ],
      citations: [{ claim: 'A', page_ids: ['X'] }],
    });
    expect(mapAgentReply({ data: { answer: 'hi' } }, { question_id: 'q', agent: 'a' }).answer).toBe('hi');
  });

  it('refuses a reply without an answer, naming the fields it looked for', () => {
    expect(() => mapAgentReply({ status: 'ok' }, { question_id: 'q', agent: 'a' })).toThrow(MalformedReply);
    expect(() => mapAgentReply({ answer: 'a', retrieved: [{ score: 1 }] }, { question_id: 'q', agent: 'a' })).toThrow(
      /retrieved\[0\] names no page id/,
    );
  });
});

describe('collect over HTTP', () => {
  it('writes good lines, retries a 503, reports a malformed reply and a timeout without writing them, and resumes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gamut-collect-'));
    const out = join(dir, 'out.jsonl');
    const r = await collectAgentOutputs({
      questions,
      call: httpAgent(url),
      out,
      agent: 'http-agent',
      concurrency: 3,
      timeoutMs: 500,
      retries: 1,
      backoffMs: 10,
    });
    expect(r.written).toBe(3);
    expect(r.failures.map((f) => [f.question, f.rule])).toEqual(
      expect.arrayContaining([
        ['bad', 'agent-malformed-reply'],
        ['slow', 'agent-failed'],
      ]),
    );
    expect(r.failures.find((f) => f.question === 'slow')?.message).toContain('timed out');
    expect(r.failures.find((f) => f.question === 'bad')?.message).toContain('no answer text');
    expect(hits.get('bad')).toBe(1); // a malformed reply is not retried
    expect(hits.get('flaky')).toBe(2);
    const written = await lines(out);
    expect(written.map((l) => l.question_id).sort()).toEqual(['flaky', 'ok-1', 'ok-2']);
    expect(written.find((l) => l.question_id === 'ok-1')).toEqual({
      question_id: 'ok-1',
      agent: 'http-agent',
      answer: 'answer to P1 공지 시한은? [POL-101]',
      retrieved: [{ page_id: 'POL-101', version: 2, rank: 1, text: 'x' }],
    });
    // Resume: finished questions are not asked again.
    const before = hits.get('ok-1');
    const again = await collectAgentOutputs({
      questions: questions.slice(0, 2),
      call: httpAgent(url),
      out,
      agent: 'http-agent',
    });
    expect(again).toMatchObject({ written: 0, resumed: 2 });
    expect(hits.get('ok-1')).toBe(before);
  });

  it('cuts a torn last line left by a killed run and asks that question again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gamut-collect-'));
    const out = join(dir, 'out.jsonl');
    await writeFile(
      out,
      `${JSON.stringify({ question_id: 'ok-1', agent: 'a', answer: 'x', retrieved: [] })}\n{"question_id":"ok-2","ag`,
    );
    const r = await collectAgentOutputs({ questions: questions.slice(0, 2), call: httpAgent(url), out, agent: 'a' });
    expect(r).toMatchObject({ written: 1, resumed: 1 });
    expect(r.warnings[0]).toContain('cut off');
    expect((await lines(out)).map((l) => l.question_id)).toEqual(['ok-1', 'ok-2']);
  });
});

describe('collect through a command', () => {
  it('sends the question on stdin and reads the reply from stdout; a bad reply and a hang are reported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gamut-collect-'));
    const script = join(dir, 'agent.mjs');
    await writeFile(
      script,
      `let s = '';
process.stdin.on('data', (d) => (s += d));
process.stdin.on('end', () => {
  const q = JSON.parse(s);
  if (q.question_id === 'bad') { console.log('not json at all'); return; }
  if (q.question_id === 'slow') { setTimeout(() => {}, 10000); return; }
  console.log('log: thinking');
  console.log(JSON.stringify({ answer: 'A: ' + q.question, retrieved: ['OPS-102'] }));
});
`,
    );
    const out = join(dir, 'out.jsonl');
    const r = await collectAgentOutputs({
      questions: questions.filter((q) => q.question_id !== 'flaky'),
      call: commandAgent(`"${process.execPath}" "${script}"`),
      out,
      agent: 'cmd-agent',
      timeoutMs: 1500,
      retries: 0,
    });
    expect(r.written).toBe(2);
    expect(r.failures.map((f) => f.question).sort()).toEqual(['bad', 'slow']);
    expect(r.failures.find((f) => f.question === 'bad')?.message).toContain('not JSON');
    const written = await lines(out);
    expect(written.find((l) => l.question_id === 'ok-2')).toEqual({
      question_id: 'ok-2',
      agent: 'cmd-agent',
      answer: 'A: VPN?',
      retrieved: [{ page_id: 'OPS-102', rank: 1 }],
    });
  });
});
