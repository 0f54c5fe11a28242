import type { Command } from '@commander-js/extra-typings';
import { storeOption } from './options/store.js';

export function registerScore(program: Command): void {
  program
    .command('score')
    .description('score verdicts: per-answer tier and Gamut scores, per-model means with 95% bootstrap CIs')
    .requiredOption('--rubrics <file>', 'compiled rubrics (JSONL, JSON array or one JSON object)')
    .option('--verdicts <file>', 'verdicts (JSONL or CSV, e.g. from gamut judge --format csv); or --store')
    .option(...storeOption())
    .option('--run <name>', 'with --store: the run whose verdicts to score (default: the store’s only run)')
    .option('--json', 'print the machine-readable result on stdout')
    .option('--lambda <x>', 'value of partially_meets, 0 < λ < 1 (default 0.5)')
    .option('--mu <y>', 'value of contradicts, μ < 0 (default -2)')
    .option('--weights <ac,v,c>', 'tier weights answer_critical,valuable,context (default 0.6,0.3,0.1)')
    .option('--missing-as-missing', 'count checks without a verdict as missing instead of failing')
    .option('--judge <id>', 'score this judge’s verdicts (required when the file holds several judges)')
    .option('--sample <n>', 'score this repeat when verdicts carry `sample` (default 0)')
    .option('--seed <n>', 'bootstrap seed (default 0)')
    .option('--resamples <n>', 'bootstrap resamples (default 1000)')
    .option('--fail-under <score>', 'exit 1 when a model’s mean is below this fraction (0.6 is shown as 60.0)')
    .option(
      '--calibrate <labels>',
      'also show each model’s score calibrated on human labels (a labels file: verdict lines, JSONL or CSV)',
    )
    .option('--by <breakdowns>', 'also break down by tier, domain and/or popularity (comma-separated)')
    .action(async (options) => {
      const { runScore } = await import('./score/run-score.js');
      await runScore(options);
    });
}
