import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BatchServer, GAMUT_BIN, startBatchServer, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const metas = [1, 2, 3].map((q) => ({
  question_id: `q-${q}`,
  question: `Question ${q}?`,
  items: [1, 2].map((i) => ({ id: `I${i}`, type: 'fact', tier: 'answer_critical', text: `Fact ${i} of ${q}` })),
}));
const CHECKS = 3 * 2;

const fx = useCliFixture({ beforeAll, afterAll }, { prefix: 'gamut-run-batch-', files: { 'meta.jsonl': metas } });
let batches: BatchServer;
beforeAll(async () => {
  batches = await startBatchServer();
  fx.write({
    'run.yaml': `
name: batch-run
dataset: meta.jsonl
models:
  - { spec: "openai-compatible:ans-1@${fx.server.url}", name: model-1 }
judges: ["openai:gpt-4.1-mini", "offline"]
output: out
`,
  });
});
afterAll(async () => batches.close());

const env = () => ({ OPENAI_API_KEY: 'sk-batch', OPENAI_BASE_URL: `${batches.origin}/v1` });
const RUN = ['run', 'run.yaml', '--batch', '--batch-poll', '20'];

describe('gamut run --batch', () => {
  it('answers synchronously, judges through the batch API; killed mid-poll, the rerun polls the stored batch and finishes', async () => {
    batches.hold(true);
    let stderr = '';
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, [GAMUT_BIN, ...RUN, '--quiet'], {
        cwd: fx.dir,
        env: { ...process.env, ...env() },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        stderr += d;
      });
      const watch = setInterval(() => {
        if (batches.requests.filter((r) => r.kind === 'poll').length < 2) return;
        clearInterval(watch);
        child.kill('SIGKILL');
      }, 5);
      child.on('exit', () => resolve());
    });
    // The models under test answered through the synchronous API; the judge's calls went into one batch.
    expect(fx.server.requests, stderr).toHaveLength(3);
    expect([...batches.batches.values()].map((b) => b.length)).toEqual([CHECKS]);

    batches.hold(false);
    const again = await fx.gamut([...RUN, '--quiet'], { env: env() });
    expect(again.code, again.stderr).toBe(0);
    expect(batches.requests.filter((r) => r.kind === 'create')).toHaveLength(1);
    expect(fx.server.requests).toHaveLength(3);
    const verdicts = readFileSync(join(fx.dir, 'out', 'verdicts.jsonl'), 'utf8')
      .trim()
      .split('\n');
    // Both judges grade every check: the batch judge's verdicts and the offline judge's.
    expect(verdicts).toHaveLength(2 * CHECKS);
    const byJudge = verdicts.map((l) => JSON.parse(l) as { judge: string; verdict: string });
    expect(byJudge.filter((v) => v.judge === 'openai:gpt-4.1-mini').map((v) => v.verdict)).toEqual(
      Array(CHECKS).fill('meets'),
    );
  });
});
