import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '@gamut/core';
import { type FakeServer, GAMUT_BIN, runGamut, startFakeJudgeServer } from '@gamut/testkit';
import { afterAll, describe, expect, it } from 'vitest';

const metas = Array.from({ length: 8 }, (_, q) => ({
  question_id: `q-${q + 1}`,
  question: `Question ${q + 1}?`,
  text_only_question: `Question ${q + 1}, in words?`,
  items: Array.from({ length: 4 }, (_, i) => ({
    id: `I${i + 1}`,
    type: 'fact',
    tier: i < 2 ? 'answer_critical' : 'valuable',
    text: `Fact ${i + 1} of question ${q + 1}`,
  })),
}));
const config = (url: string) => `
name: crash
dataset: meta.jsonl
models:
  - { spec: "openai-compatible:ans-1@${url}", name: model-1 }
  - { spec: "openai-compatible:ans-2@${url}", name: model-2 }
judges: ["openai-compatible:judge-c@${url}"]
concurrency: 4
output: out
`;

const dirs: string[] = [];
const servers: FakeServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function project(): Promise<{ dir: string; server: FakeServer }> {
  const server = await startFakeJudgeServer({ latencyMs: 15 });
  servers.push(server);
  const dir = mkdtempSync(join(tmpdir(), 'gamut-crash-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'meta.jsonl'), metas.map((m) => JSON.stringify(m)).join('\n'));
  writeFileSync(join(dir, 'run.yaml'), config(server.url));
  return { dir, server };
}

/**
 * Starts a run and kills it with SIGKILL once the server has received `after`
 * requests (then `jitterMs` later): tied to progress, not to the clock, so a
 * slow machine still gets killed mid-run.
 */
function killMidRun(dir: string, server: FakeServer, after: number, jitterMs: number): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [GAMUT_BIN, 'run', 'run.yaml', '--quiet'], { cwd: dir, stdio: 'ignore' });
    let killedAt = Number.POSITIVE_INFINITY;
    const poll = setInterval(() => {
      if (server.requests.length < after) return;
      clearInterval(poll);
      setTimeout(() => {
        killedAt = Date.now();
        child.kill('SIGKILL');
      }, jitterMs);
    }, 1);
    child.on('exit', () => {
      clearInterval(poll);
      resolve(killedAt);
    });
  });
}

const results = (dir: string) => ({
  verdicts: readFileSync(join(dir, 'out', 'verdicts.jsonl'), 'utf8'),
  answers: readFileSync(join(dir, 'out', 'answers.jsonl'), 'utf8'),
  scores: JSON.parse(readFileSync(join(dir, 'out', 'scores.json'), 'utf8')),
});

describe('a run killed with SIGKILL and resumed', () => {
  it('ends with the same verdicts and scores as an uninterrupted run, sending no finished call twice', async () => {
    const base = await project();
    const r = await runGamut(['run', 'run.yaml', '--quiet'], { cwd: base.dir });
    expect(r.code).toBe(0);
    const expected = results(base.dir);
    const calls = base.server.requests.length;
    expect(calls).toBe(16 + 64);

    // Seeded so the kill times are random but the same on every run of the test.
    const random = seededRandom(20261129);
    const interruptedAt: number[] = [];
    for (let trial = 0; trial < 4; trial++) {
      const { dir, server } = await project();
      const killedAt = await killMidRun(dir, server, 1 + Math.floor(random() * 78), Math.floor(random() * 20));
      const sentBeforeKill = server.requests.length;
      interruptedAt.push(sentBeforeKill);
      const resumed = await runGamut(['run', 'run.yaml', '--quiet'], { cwd: dir });
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(results(dir)).toEqual(expected);

      // A call is sent again only if it was still in flight when the process died.
      const firstSeen = new Map<string, (typeof server.requests)[number]>();
      for (const req of server.requests) {
        const first = firstSeen.get(req.key);
        if (!first) {
          firstSeen.set(req.key, req);
          continue;
        }
        const finishedLongBeforeKill = first.completedAt !== undefined && first.completedAt < killedAt - 250;
        expect(finishedLongBeforeKill, `trial ${trial}: ${req.key} sent twice`).toBe(false);
      }
      expect(firstSeen.size).toBe(calls);
      // Asked again at most once each: the calls in flight, and those that finished in the store's last
      // commit window before the kill (acknowledged, not yet committed).
      const recent = [...firstSeen.values()].filter(
        (q) => q.completedAt === undefined || q.completedAt >= killedAt - 250,
      );
      expect(server.requests.length - firstSeen.size).toBeLessThanOrEqual(recent.length);
      expect(sentBeforeKill).toBeLessThanOrEqual(calls + 4);
    }
    // The kills must land mid-run for the test to mean anything.
    expect(
      interruptedAt.filter((n) => n > 0 && n < calls).length,
      `requests before each kill: ${interruptedAt}`,
    ).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

describe('Ctrl-C during a run', () => {
  it('stops cleanly, says how to resume, and the resumed run completes', async () => {
    const { dir, server } = await project();
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [GAMUT_BIN, 'run', 'run.yaml', '--quiet'], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        err += d;
      });
      // Interrupt once the judge phase has started.
      const poll = setInterval(() => {
        if (server.requests.some((q) => q.body.response_format)) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 5);
      child.on('exit', (c) => {
        clearInterval(poll);
        resolve({ code: c, stderr: err });
      });
    });
    expect(code).toBe(130);
    expect(stderr).toContain('stopping: aborting calls in flight');
    expect(stderr).toContain('Resume with: gamut run run.yaml');
    const sent = server.requests.length;
    expect(sent).toBeLessThan(80);
    const r = await runGamut(['run', 'run.yaml', '--json', '--quiet'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).judges[0].models).toHaveLength(2);
    expect(new Set(server.requests.map((q) => q.key)).size).toBe(80);
  }, 60_000);
});
