import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RunningView, startView, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedded } from '../test-support/embedded-json.js';

const fx = useCliFixture({ beforeAll, afterAll }, { prefix: 'gamut-review-calibrated-', server: false });
const gamut = (args: readonly string[]) => fx.gamut(args, { timeoutMs: 120_000 });
const item = (i: number) => `i${String(i).padStart(3, '0')}`;

interface Row {
  model: string;
  setting: string;
  gamut: number;
  calibrated?: { gamut: number; ci95: [number, number]; n_labels: number };
}
interface Summary {
  leaderboard: Row[];
  calibration?: { n_labels: number; labels: string | null };
}
const reportSummary = async (out: string): Promise<Summary> => {
  const r = await gamut(['report', 'd', '-o', out]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(embedded(await readFile(join(fx.dir, out), 'utf8'), 'gamut-summary')) as Summary;
};

describe("the report calibrates with the run's own adjudicated labels", () => {
  beforeAll(async () => {
    expect((await gamut(['demo', '--out', 'd', '--json'])).code).toBe(0);
    expect((await gamut(['review', 'queue', 'd', '--sample', '12', '--seed', '5'])).code).toBe(0);
    for (const [name, role] of [
      ['ann', 'annotator'],
      ['bo', 'annotator'],
      ['adj', 'adjudicator'],
    ]) {
      expect(
        (await gamut(['review', 'add-annotator', 'd', '--name', name as string, '--role', role as string])).code,
      ).toBe(0);
    }
  }, 120_000);

  let view: RunningView | undefined;
  afterAll(() => view?.stop());

  it('no labels: no calibrated column; adjudicated labels: the same calibrated scores as score --calibrate on the export', async () => {
    expect((await reportSummary('before.html')).calibration).toBeUndefined();
    // A viewer started before the labels: `gamut review import` below adds them from another process.
    view = await startView(['d'], { cwd: fx.dir });
    const viewed = async () => (await (await fetch(`${view?.url}api/summary`)).json()) as Summary;
    expect((await viewed()).calibration).toBeUndefined();
    // Both annotators say meets on items 1–12, except item 1, where bo says missing and adj settles partially_meets.
    const events = [];
    for (let i = 1; i <= 12; i++) {
      for (const who of ['ann', 'bo']) {
        const value = i === 1 && who === 'bo' ? 'missing' : 'meets';
        events.push({
          id: `${who}-${i}`,
          owner_id: 'demo',
          queue_id: 'labels-1',
          item_id: item(i),
          who,
          role: 'annotator',
          at: '2026-12-01T12:00:00.000Z',
          kind: 'label',
          value,
        });
      }
    }
    events.push({
      id: 'adj-1',
      owner_id: 'demo',
      queue_id: 'labels-1',
      item_id: item(1),
      who: 'adj',
      role: 'adjudicator',
      round: 2,
      at: '2026-12-01T12:05:00.000Z',
      kind: 'adjudicate',
      value: 'partially_meets',
    });
    fx.write({ 'events.jsonl': `${events.map((e) => JSON.stringify(e)).join('\n')}\n` });
    const imported = await gamut(['review', 'import', 'd', 'events.jsonl']);
    expect(imported.code, imported.stderr).toBe(0);
    expect((await gamut(['review', 'export', 'd', '--labels', 'labels.jsonl'])).code).toBe(0);
    const labels = (await readFile(join(fx.dir, 'labels.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(labels.map((l) => l.verdict)).toEqual(['partially_meets', ...Array(11).fill('meets')]);

    const summary = await reportSummary('after.html');
    expect(summary.calibration).toMatchObject({ n_labels: 12, labels: 'review labels of demo' });
    const score = await gamut([
      'score',
      '--rubrics',
      'd/rubrics.jsonl',
      '--verdicts',
      'd/verdicts.jsonl',
      '--calibrate',
      'labels.jsonl',
      '--json',
    ]);
    expect(score.code, score.stderr).toBe(0);
    const byUnit = new Map((JSON.parse(score.stdout).models as Row[]).map((m) => [`${m.model}|${m.setting}`, m]));
    expect(summary.leaderboard.length).toBeGreaterThan(0);
    for (const row of summary.leaderboard) {
      const m = byUnit.get(`${row.model}|${row.setting}`);
      expect(row.gamut).toBe(m?.gamut);
      expect(row.calibrated).toEqual(m?.calibrated);
      expect(row.calibrated?.n_labels).toBe(12);
    }
    // The viewer reads the labels per request: no restart, the report's calibrated column.
    const live = await viewed();
    expect(live.calibration).toEqual(summary.calibration);
    expect(live.leaderboard).toEqual(summary.leaderboard);
  });
});
