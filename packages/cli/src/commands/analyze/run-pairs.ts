import { analyzePairs, InputError, PairLine } from '@gamut/core';
import { readLocatedRecords as readParsed } from '../../io/read-records.js';
import { num, printJson, rate, table } from './render.js';

export interface PairsCliOptions {
  verdicts: string;
  by?: string;
  json?: boolean;
}

export async function runPairs(o: PairsCliOptions): Promise<void> {
  if (o.by !== undefined && o.by !== 'group') {
    throw new InputError({ rule: 'usage', message: `--by takes "group", got "${o.by}"` });
  }
  const lines = await readParsed(o.verdicts, PairLine);
  const stats = analyzePairs(
    lines.map((l) => l.value),
    { byGroup: o.by === 'group' },
  );
  if (o.json) return printJson({ judges: stats });
  const grouped = o.by === 'group';
  const head = [
    'Judge',
    ...(grouped ? ['Group'] : []),
    'n',
    'Acc. (orig.)',
    'Acc. (swapped)',
    'Acc. (mean)',
    'Both right',
    'Swap-consistent',
    'First shown wins',
    'Kappa (orig./swapped)',
  ];
  const off = grouped ? 1 : 0;
  process.stdout.write(
    `Pairwise preference against gold labels; kappa is Cohen's kappa of winner vs label\n${table(
      head,
      stats.map((s) => [
        s.judge,
        ...(grouped ? [s.group ?? '(none)'] : []),
        String(s.n),
        rate(s.correct_swap_false.rate),
        rate(s.correct_swap_true.rate),
        rate(s.accuracy),
        rate(s.correct_both.rate),
        rate(s.consistent.rate),
        rate(s.first_position_rate),
        `${num(s.kappa_swap_false)} / ${num(s.kappa_swap_true)}`,
      ]),
      [1, 2, 3, 4, 5, 6, 7, 8].map((i) => i + off),
    )}\n`,
  );
}
