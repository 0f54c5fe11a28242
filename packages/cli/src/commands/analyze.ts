import type { Command } from '@commander-js/extra-typings';
import { storeOption } from './options/store.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Options every run-level analysis takes: a run directory or the two files, and the scoring parameters. */
function runOptions<C extends Command<[string | undefined]>>(cmd: C) {
  return cmd
    .option('--rubrics <file>', 'compiled rubrics (default <run>/rubrics.jsonl)')
    .option('--verdicts <file>', 'verdict lines, JSONL or CSV (default <run>/verdicts.jsonl)')
    .option(...storeOption())
    .option('--lambda <x>', 'value of partially_meets (default 0.5)')
    .option('--mu <y>', 'value of contradicts (default -2)')
    .option('--weights <ac,v,c>', 'tier weights (default 0.6,0.3,0.1)')
    .option('--missing-as-missing', 'count checks without a verdict as missing instead of failing')
    .option('--seed <n>', 'bootstrap seed (default 0)')
    .option('--resamples <n>', 'bootstrap resamples (default 1000)')
    .option('--json', 'print the machine-readable result on stdout');
}

export function registerAnalyze(program: Command): void {
  const analyze = program
    .command('analyze')
    .description('judge analysis: agreement, calibration, robustness across judges, repeatability, settings, pairs');
  registerAgreement(analyze);
  registerCalibration(analyze);
  registerJudges(analyze);
  registerSettings(analyze);
  registerRepeatability(analyze);
  registerPairs(analyze);
}

function registerAgreement(analyze: Command): void {
  analyze
    .command('agreement')
    .description(
      "agreement among raters: percent agreement, Cohen's kappa per pair, Fleiss' kappa, Krippendorff's alpha",
    )
    .requiredOption('--labels <file>', 'JSONL or CSV of { item, rater, label, group? }')
    .option('--reference <rater>', 'also compare every rater with this one')
    .option('--by <group>', 'also report each group ("group")')
    .option('--seed <n>', 'bootstrap seed (default 0)')
    .option('--resamples <n>', 'bootstrap resamples (default 1000)')
    .option('--json', 'print the machine-readable result on stdout')
    .action(async (o) => {
      const { runAgreement } = await import('./analyze/run-agreement.js');
      await runAgreement(o);
    });
}

function registerCalibration(analyze: Command): void {
  analyze
    .command('calibration')
    .description("a judge against human labels: agreement, Cohen's kappa, macro-F1, confusion matrix, disagreements")
    .requiredOption(
      '--labels <file>',
      'human labels: verdict lines (judge "human:<name>"; JSONL or CSV) or RAG judgments',
    )
    .requiredOption('--judgments <file>', 'the judge’s verdict lines (JSONL or CSV) or RAG judgments')
    .option('--rubrics <file>', 'compiled rubrics, for check kind and tier')
    .option('--judge <id>', 'only this judge (default: each judge in --judgments)')
    .option('--disagreements <file>', 'write every disagreement as JSONL for review')
    .option('--seed <n>', 'bootstrap seed (default 0)')
    .option('--resamples <n>', 'bootstrap resamples (default 1000)')
    .option('--json', 'print the machine-readable result on stdout')
    .action(async (o) => {
      const { runCalibration } = await import('./analyze/run-calibration.js');
      await runCalibration(o);
    });
}

function registerJudges(analyze: Command): void {
  runOptions(
    analyze
      .command('judges')
      .description('the same answers under several judges: scores, rank agreement, leniency, self-preference')
      .argument('[run]', 'run directory'),
  )
    .option('--sample <n>', 'use this repeat when verdicts carry `sample` (default 0)')
    .option('--family <name=family>', 'provider family of a model or judge (repeatable)', collect)
    .action(async (run, o) => {
      const { runJudges } = await import('./analyze/run-judges.js');
      await runJudges(run, o);
    });
}

function registerSettings(analyze: Command): void {
  runOptions(
    analyze
      .command('settings')
      .description('multimodal vs text-only: difference per model and per domain, and whether the ranking survives')
      .argument('[run]', 'run directory'),
  )
    .option('--judge <id>', 'score this judge’s verdicts (required when there are several)')
    .option('--sample <n>', 'use this repeat when verdicts carry `sample` (default 0)')
    .action(async (run, o) => {
      const { runSettings } = await import('./analyze/run-settings.js');
      await runSettings(run, o);
    });
}

function registerRepeatability(analyze: Command): void {
  runOptions(
    analyze
      .command('repeatability')
      .description('the same checks judged N times: verdict flip rate, score spread, ranking stability')
      .argument('[run]', 'run directory'),
  )
    .option('--judge <id>', 'only this judge (default: each judge with repeats)')
    .action(async (run, o) => {
      const { runRepeatability } = await import('./analyze/run-repeatability.js');
      await runRepeatability(run, o);
    });
}

function registerPairs(analyze: Command): void {
  analyze
    .command('pairs')
    .description('pairwise-preference judges against gold labels: accuracy per order, swap consistency, kappa')
    .requiredOption(
      '--verdicts <file>',
      'JSONL or CSV of { item, judge, label, winner_swap_false, winner_swap_true, group? }',
    )
    .option('--by <group>', 'also report each group ("group")')
    .option('--json', 'print the machine-readable result on stdout')
    .action(async (o) => {
      const { runPairs } = await import('./analyze/run-pairs.js');
      await runPairs(o);
    });
}
