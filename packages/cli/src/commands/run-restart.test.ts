import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const metas = [
  {
    question_id: 't-1',
    question: 'What is the capital of France?',
    items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Says the capital is Paris' }],
  },
];
const jsonl = (rows: unknown[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
const config = (judge: string) =>
  `name: plain\ndataset: meta.jsonl\nanswers: answers.jsonl\njudges: [${judge}]\noutput: out\n`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-restart-'));
  writeFileSync(join(dir, 'meta.jsonl'), jsonl(metas));
  writeFileSync(join(dir, 'answers.jsonl'), jsonl([{ question_id: 't-1', model: 'm', response: 'Paris.' }]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function storedRuns(): Promise<{ runId: string; manifestId: string; answers: number }[]> {
  const { openSqliteStore } = await import('@gamut/store');
  const store = openSqliteStore({ file: join(dir, '.gamut', 'gamut.db') });
  try {
    const runs = await store.listRuns();
    return Promise.all(
      runs.map(async (r) => ({
        runId: r.runId,
        manifestId: r.manifest.run_id,
        answers: (await store.getAnswers(r.runId)).length,
      })),
    );
  } finally {
    await store.close();
  }
}

describe('gamut run: what a run reserves, and starting it over', () => {
  it('a config that fails validation reserves nothing: no store row, no run directory', async () => {
    writeFileSync(join(dir, 'run.yaml'), config('nonsense'));
    const bad = await runGamut(['run', 'run.yaml', '--quiet'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown provider "nonsense"');
    expect(await storedRuns()).toEqual([]);
    expect(existsSync(join(dir, 'out'))).toBe(false);

    // Fixed, the same name runs as new (no "configuration changed").
    writeFileSync(join(dir, 'run.yaml'), config('offline'));
    const good = await runGamut(['run', 'run.yaml', '--quiet'], { cwd: dir });
    expect(good.stderr).toBe('');
    expect(good.code).toBe(0);
    expect(await storedRuns()).toEqual([{ runId: 'plain', manifestId: 'plain', answers: 1 }]);
  });

  it('--restart starts a changed run over and keeps the earlier one aside, saying where', async () => {
    const started = JSON.parse(readFileSync(join(dir, 'out', 'manifest.json'), 'utf8')).started_at as string;
    // 2026-12-01T09:43:07.123Z → 20261201T094307Z
    const stamp = started.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
    writeFileSync(join(dir, 'run.yaml'), config(`"labels:${join(dir, 'labels.jsonl')}"`));
    writeFileSync(
      join(dir, 'labels.jsonl'),
      jsonl([{ question_id: 't-1', model: 'm', check_id: 'I1.fact', verdict: 'missing', judge: 'human' }]),
    );
    const refused = await runGamut(['run', 'run.yaml', '--quiet'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'it cannot be resumed. Start it over with `--restart` (the earlier run is kept aside), or give the run a new `name`',
    );

    const r = await runGamut(['run', 'run.yaml', '--restart', '--quiet'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `gamut: restarting run "plain"; the earlier run is kept as "plain.${stamp}" (run directory ${join(dir, `out.${stamp}`)})\n`,
    );
    expect(await storedRuns()).toEqual([
      { runId: `plain.${stamp}`, manifestId: `plain.${stamp}`, answers: 1 },
      { runId: 'plain', manifestId: 'plain', answers: 1 },
    ]);
    const aside = JSON.parse(readFileSync(join(dir, `out.${stamp}`, 'manifest.json'), 'utf8'));
    expect([aside.run_id, aside.judges[0].spec]).toEqual([`plain.${stamp}`, 'offline']);
    const fresh = readFileSync(join(dir, 'out', 'verdicts.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(fresh.map((v) => [v.check_id, v.verdict])).toEqual([['I1.fact', 'missing']]);
  });

  it('--resume and --restart together are a usage error', async () => {
    const r = await runGamut(['run', 'run.yaml', '--resume', '--restart'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--resume and --restart cannot be used together');
  });
});
