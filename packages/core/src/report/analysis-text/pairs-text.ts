import type { PairsStats } from '../../analysis/pairs.js';
import { num, rate, type TextBlock, table } from './text-blocks.js';

/** `gamut analyze pairs` as text: each judge's accuracy against gold labels, both ways round. */
export function pairsText(stats: readonly PairsStats[], grouped: boolean): TextBlock[] {
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
  return [
    "Pairwise preference against gold labels; kappa is Cohen's kappa of winner vs label",
    table(
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
    ),
  ];
}
