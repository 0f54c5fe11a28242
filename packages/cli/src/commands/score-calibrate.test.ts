import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedded } from '../test-support/embedded-json.js';

// The demo run (offline judge) scored against the bundled hand labels: 442 checks of 19 answers.
const LABELS = join(REPO_ROOT, 'fixtures/gamut/human-labels.jsonl');
const fx = useCliFixture({ beforeAll, afterAll }, { prefix: 'gamut-calibrate-', server: false });
const base = ['score', '--rubrics', 'demo/rubrics.jsonl', '--verdicts', 'demo/verdicts.jsonl'];
const runGamut = (args: readonly string[]) => fx.gamut(args);

beforeAll(async () => {
  const demo = await fx.gamut(['demo', '--out', 'demo', '--json']);
  expect(demo.code, demo.stderr).toBe(0);
}, 120_000);

interface JsonModel {
  model: string;
  setting: string;
  gamut: number;
  ci95: [number, number];
  calibrated?: { gamut: number; ci95: [number, number]; n_labels: number };
}

/** The first three bundled labels and `extra` lines, as a file of the fixture; its name is what errors show. */
async function labelsWith(name: string, extra: string[]): Promise<string> {
  const lines = (await readFile(LABELS, 'utf8')).trim().split('\n').slice(0, 3);
  fx.write({ [name]: `${[...lines, ...extra].join('\n')}\n` });
  return name;
}

describe('gamut score --calibrate', () => {
  it('adds calibrated: { gamut, ci95, n_labels } per model in --json, raw scores unchanged', async () => {
    const raw = await runGamut([...base, '--json']);
    const cal = await runGamut([...base, '--json', '--calibrate', LABELS]);
    expect(cal.stderr).toBe('');
    expect(cal.code).toBe(0);
    const rawModels = JSON.parse(raw.stdout).models as JsonModel[];
    const doc = JSON.parse(cal.stdout) as { models: JsonModel[]; calibration: { n_labels: number; unpaired: number } };
    expect(doc.models.map(({ calibrated, ...m }) => m)).toEqual(rawModels);
    expect(doc.models).toHaveLength(6);
    for (const m of doc.models) {
      const c = m.calibrated;
      expect(c?.n_labels).toBe(442);
      expect(c?.ci95[0]).toBeLessThanOrEqual(c?.gamut as number);
      expect(c?.ci95[1]).toBeGreaterThanOrEqual(c?.gamut as number);
    }
    expect([doc.calibration.n_labels, doc.calibration.unpaired]).toEqual([442, 0]);
    // The offline judge is lenient where people are not: calibration lowers the best model's score.
    const best = doc.models.find((m) => m.model === 'atlas-large' && m.setting === 'multimodal');
    expect(best?.calibrated?.gamut).toBeLessThan(best?.gamut as number);
    // Seeded: the same labels give the same numbers.
    const again = await runGamut([...base, '--json', '--calibrate', LABELS]);
    expect(again.stdout).toBe(cal.stdout);
  });

  it('shows a Calibrated column beside the raw score in the table', async () => {
    const [text, json] = await Promise.all([
      runGamut([...base, '--calibrate', LABELS]),
      runGamut([...base, '--json', '--calibrate', LABELS]),
    ]);
    expect(text.code).toBe(0);
    const header = text.stdout.split('\n').find((l) => l.includes('Gamut [95% CI]')) ?? '';
    expect(header.indexOf('Calibrated [95% CI]')).toBeGreaterThan(header.indexOf('Gamut [95% CI]'));
    const pct = (x: number) => (x * 100).toFixed(1);
    for (const m of (JSON.parse(json.stdout) as { models: JsonModel[] }).models) {
      const c = m.calibrated as NonNullable<JsonModel['calibrated']>;
      const cell = `${pct(c.gamut)} [${pct(c.ci95[0])}, ${pct(c.ci95[1])}]`;
      expect(text.stdout).toContain(cell);
    }
    expect(text.stdout).toContain('442 labelled checks');
  });

  it('refuses bad labels with exit 2, naming file, line and rule', async () => {
    const file = await labelsWith('bad.jsonl', [
      '{"question_id":"q-en-01","model":"atlas-large","setting":"multimodal","check_id":"I99.fact","verdict":"meets","judge":"human:x"}',
      '{"question_id":"q-en-01","model":"atlas-large","setting":"multimodal","check_id":"I1.fact","judge":"human:x"}',
    ]);
    const r = await runGamut([...base, '--calibrate', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${file}:4`);
    expect(r.stderr).toContain('[unknown-check]');
    expect(r.stderr).toContain(`${file}:5`);
    expect(r.stderr).toContain('[label-without-verdict]');
  });

  it('refuses a malformed line with exit 2 before scoring', async () => {
    const file = await labelsWith('broken.jsonl', ['{"question_id": oops']);
    const r = await runGamut([...base, '--calibrate', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:4`);
    expect(r.stderr).toContain('[json-syntax]');
  });
});

describe('gamut report --calibrate', () => {
  it('puts the calibrated score beside the raw one in the leaderboard, as gamut score --calibrate has it', async () => {
    const out = 'report.html';
    const [report, score] = await Promise.all([
      runGamut(['report', 'demo', '-o', out, '--calibrate', LABELS]),
      runGamut([...base, '--json', '--calibrate', LABELS]),
    ]);
    expect(report.code, report.stderr).toBe(0);
    const summary = JSON.parse(embedded(await readFile(join(fx.dir, out), 'utf8'), 'gamut-summary')) as {
      leaderboard: Array<{ model: string; setting: string; gamut: number; calibrated?: JsonModel['calibrated'] }>;
      calibration?: { n_labels: number };
    };
    expect(summary.calibration?.n_labels).toBe(442);
    const byUnit = new Map((JSON.parse(score.stdout).models as JsonModel[]).map((m) => [`${m.model}|${m.setting}`, m]));
    expect(summary.leaderboard).toHaveLength(6);
    for (const row of summary.leaderboard) {
      const m = byUnit.get(`${row.model}|${row.setting}`);
      expect(row.gamut).toBe(m?.gamut);
      expect(row.calibrated).toEqual(m?.calibrated);
    }
  });

  it('refuses bad labels with exit 2 and writes no report', async () => {
    const file = await labelsWith('bad-report.jsonl', [
      '{"question_id":"q-en-01","model":"atlas-large","setting":"multimodal","check_id":"I99.fact","verdict":"meets","judge":"human:x"}',
    ]);
    const out = 'never.html';
    const r = await runGamut(['report', 'demo', '-o', out, '--calibrate', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:4`);
    expect(r.stderr).toContain('[unknown-check]');
    await expect(readFile(join(fx.dir, out))).rejects.toThrow();
  });
});
