import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeServer, GAMUT_BIN, type GamutResult, startFakeJudgeServer } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const QUESTIONS = 12;
const ITEMS = 5;
const CHECKS = QUESTIONS * ITEMS;
const CONCURRENCY = 2;

let dir: string;
let server: FakeServer;
const jsonl = (rows: unknown[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-lease-'));
  const metas = Array.from({ length: QUESTIONS }, (_, q) => ({
    question_id: `q-${q}`,
    question: `Question ${q}?`,
    language: 'en',
    items: Array.from({ length: ITEMS }, (_, i) => ({
      id: `I${i + 1}`,
      type: 'fact',
      tier: 'valuable',
      text: `Says fact ${i} of question ${q}`,
    })),
  }));
  writeFileSync(join(dir, 'meta.jsonl'), jsonl(metas));
  writeFileSync(
    join(dir, 'answers.jsonl'),
    jsonl(metas.map((m) => ({ question_id: m.question_id, model: 'm', setting: 'text_only', response: 'An answer.' }))),
  );
  // 60 checks at 2 in flight and 200 ms each: the first process judges for about 6 s, time for the second to start.
  server = await startFakeJudgeServer({ latencyMs: 200 });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function judge(store: string, out: string): { child: ChildProcess; done: Promise<GamutResult> } {
  const args = ['judge', '--rubrics', 'meta.jsonl', '--answers', 'answers.jsonl', '--quiet'];
  args.push('--judge', `openai-compatible:judge-x@${server.url}`, '--concurrency', String(CONCURRENCY));
  args.push('--store', store, '-o', out);
  const child = spawn(process.execPath, [GAMUT_BIN, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const done = new Promise<GamutResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr })),
  );
  return { child, done };
}

const requestsSoFar = () => server.requests.length;
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 20));
}

describe('two processes on one store', () => {
  it('the second waits for the first, says for whom, then sends nothing: checks + 2 × concurrency at most', async () => {
    const before = requestsSoFar();
    const first = judge('shared', 'a.jsonl');
    await until(() => requestsSoFar() > before);
    const second = judge('shared', 'b.jsonl');
    const [a, b] = await Promise.all([first.done, second.done]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const paid = requestsSoFar() - before;
    expect(paid).toBeGreaterThanOrEqual(CHECKS);
    expect(paid).toBeLessThanOrEqual(CHECKS + 2 * CONCURRENCY);
    expect(b.stderr).toMatch(
      new RegExp(
        `waiting for process ${first.child.pid} \\(started \\d\\d:\\d\\d\\) which is judging run judge-[0-9a-f]{16} in ${join(dir, 'shared', 'gamut.db').replaceAll('/', '\\/')}`,
      ),
    );
    expect(b.stderr).toContain('resuming: only unfinished checks are sent');
    expect(a.stderr).toBe('');
    expect(readFileSync(join(dir, 'b.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'a.jsonl'), 'utf8'));
    expect(readFileSync(join(dir, 'a.jsonl'), 'utf8').trim().split('\n')).toHaveLength(CHECKS);
  });

  it('a holder killed mid-run does not make the next process wait: its lease is taken at once', async () => {
    const before = requestsSoFar();
    const first = judge('killed', 'k1.jsonl');
    await until(() => requestsSoFar() - before >= CHECKS / 2);
    first.child.kill('SIGKILL');
    await first.done;
    const t0 = Date.now();
    const second = await judge('killed', 'k2.jsonl').done;
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain('waiting for process');
    // Well under the 30 s after which a silent lease counts as stale.
    expect(Date.now() - t0).toBeLessThan(20_000);
    // Asked again: the calls in flight at the kill, and those that finished in the store's last commit
    // window (50 ms, shorter than a call here, so at most one per lane).
    expect(requestsSoFar() - before).toBeLessThanOrEqual(CHECKS + 2 * CONCURRENCY);
    expect(readFileSync(join(dir, 'k2.jsonl'), 'utf8').trim().split('\n')).toHaveLength(CHECKS);
  });
});
