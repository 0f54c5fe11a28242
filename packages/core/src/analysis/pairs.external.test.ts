import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { externalFile } from '../../../../test/support/external-data.js';
import { cohenKappa } from './kappa.js';
import { analyzePairs, type PairJudgment } from './pairs.js';

const root = pathToFileURL(`${externalFile('llmbar')}/`);

interface Row {
  subset: string;
  index: number;
  evaluator: string;
  label: number;
  winner_swap_false: string | null;
  winner_swap_true: string | null;
}
const rows = readFileSync(new URL('evaluator_verdicts.jsonl', root), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Row);
const records: PairJudgment[] = rows.map((r) => ({
  item: `${r.subset}/${r.index}`,
  judge: r.evaluator,
  label: String(r.label),
  winner_swap_false: r.winner_swap_false,
  winner_swap_true: r.winner_swap_true,
  group: r.subset.replace('/', '_'),
}));
const stats = analyzePairs(records, { byGroup: true });

interface Published {
  correct_False: string;
  correct_True: string;
  correct_average: string;
  correct_both: string;
  equal: string;
  kappa_False: number;
  kappa_True: number;
  kappa_average: number;
  kappa_agreement: number;
}
const cases = readdirSync(new URL('evaluator_statistics/', root)).flatMap((subset) =>
  readdirSync(new URL(`evaluator_statistics/${subset}/`, root)).map((f) => {
    const judge = f.replace(/\.json$/, '').replace(/^(GPT-4|ChatGPT)_/, '$1/');
    const pub = JSON.parse(readFileSync(new URL(`evaluator_statistics/${subset}/${f}`, root), 'utf8')) as Published;
    return [subset, judge, pub] as const;
  }),
);

/** Python's `"{} / {} = {}%".format(k, n, k / n * 100)`. */
const countText = (k: number, n: number) => `${k} / ${n} = ${pyFloat((k / n) * 100)}%`;
function pyFloat(v: number): string {
  const s = String(v);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

describe('LLMBar: accuracies and swap consistency match the published statistics', () => {
  it('covers 5 subsets × 3 evaluators', () => {
    expect(cases).toHaveLength(15);
    expect(stats).toHaveLength(15);
  });

  it.each(cases)('%s %s', (subset, judge, pub) => {
    const s = stats.find((x) => x.group === subset && x.judge === judge);
    if (!s) throw new Error(`no statistics for ${subset} ${judge}`);
    expect(countText(s.correct_swap_false.count, s.n)).toBe(pub.correct_False);
    expect(countText(s.correct_swap_true.count, s.n)).toBe(pub.correct_True);
    expect(`${pyFloat((s.accuracy as number) * 100)}%`).toBe(pub.correct_average);
    expect(countText(s.correct_both.count, s.n)).toBe(pub.correct_both);
    expect(countText(s.consistent.count, s.n)).toBe(pub.equal);
  });
});

describe('LLMBar kappa', () => {
  it('our kappa is Cohen’s kappa of winner vs label: 0.8977 for Natural GPT-4/Metrics_Reference (published 0.2678)', () => {
    const s = stats.find((x) => x.group === 'Natural' && x.judge === 'GPT-4/Metrics_Reference');
    // 95 of 100 right; hand check from the 2×2 table below.
    const sub = records.filter((r) => r.group === 'Natural' && r.judge === 'GPT-4/Metrics_Reference');
    const t = { '11': 0, '12': 0, '21': 0, '22': 0 } as Record<string, number>;
    for (const r of sub) t[`${r.label}${r.winner_swap_false}`] = (t[`${r.label}${r.winner_swap_false}`] ?? 0) + 1;
    const n = sub.length;
    const po = ((t['11'] as number) + (t['22'] as number)) / n;
    const l1 = ((t['11'] as number) + (t['12'] as number)) / n;
    const w1 = ((t['11'] as number) + (t['21'] as number)) / n;
    const pe = l1 * w1 + (1 - l1) * (1 - w1);
    expect(s?.kappa_swap_false).toBeCloseTo((po - pe) / (1 - pe), 12);
    expect(s?.kappa_swap_false).toBeCloseTo(0.8977, 4);
  });

  it.each(cases)('reproducing the upstream bug on purpose gives the published kappas: %s %s', (subset, judge, pub) => {
    const sub = records.filter((r) => r.group === subset && r.judge === judge);
    // Upstream maps a winner to an int only when it is "0" or "1": every "2" becomes 0, labels stay 1/2.
    const buggy = (w: string | null) => (w === '0' || w === '1' ? w : '0');
    const wf = sub.map((r) => buggy(r.winner_swap_false));
    const wt = sub.map((r) => buggy(r.winner_swap_true));
    const labels = sub.map((r) => r.label);
    const kf = cohenKappa(wf, labels).kappa as number;
    const kt = cohenKappa(wt, labels).kappa as number;
    expect(kf).toBeCloseTo(pub.kappa_False, 12);
    expect(kt).toBeCloseTo(pub.kappa_True, 12);
    expect((kf + kt) / 2).toBeCloseTo(pub.kappa_average, 12);
    expect(cohenKappa(wf, wt).kappa).toBeCloseTo(pub.kappa_agreement, 12);
  });
});
