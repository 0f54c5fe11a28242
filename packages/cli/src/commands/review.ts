import type { Command } from '@commander-js/extra-typings';
import { storeOption } from './options/store.js';

const STORE = storeOption();
const RUN = ['<run>', 'run directory (see docs/run-directory.md)'] as const;

export function registerReview(program: Command): void {
  const review = program
    .command('review')
    .description('people in the loop: annotators, verdict-label queues, labels, adjudication, agreement, export');

  review
    .command('add-annotator')
    .description('add a person with a role; prints their personal token once (only its hash is stored)')
    .argument(...RUN)
    .requiredOption('--name <name>', 'the person, as labels will name them')
    .requiredOption('--role <role>', 'annotator, adjudicator or reviewer')
    .option(...STORE)
    .option('--json', 'print { name, role, token } on stdout')
    .action(async (run, o) => {
      const { addAnnotator } = await import('./review/add-annotator.js');
      await addAnnotator(run, o);
    });

  review
    .command('queue')
    .description(
      "create a verdict-label queue (a seeded sample stratified by check kind × the judge's verdict), or with --flags a wiki-flag queue",
    )
    .argument(...RUN)
    .option('--sample <n>', 'how many (answer, check) pairs')
    .option('--flags', "every flag of the run's wiki-QA grading, for a reviewer to confirm or reject")
    .option('--seed <n>', 'sampling seed (default 0)')
    .option('--disagreement', "pairs the run's judges disagree on first, then the rest")
    .option('--judge <id>', "the judge whose verdicts make the strata (default: the run's first)")
    .option('--id <id>', 'queue id (default labels-1, labels-2, …)')
    .option('--title <text>', 'what the queue is for')
    .option(...STORE)
    .option('--json', 'print the queue id and strata as JSON')
    .action(async (run, o) => {
      if (o.flags) {
        const { createFlagQueue } = await import('./review/create-flag-queue.js');
        return createFlagQueue(run, o);
      }
      const { createQueue } = await import('./review/create-queue.js');
      await createQueue(run, o);
    });

  review
    .command('status')
    .description(
      "per queue: done / waiting / disagreements; Cohen's kappa and Krippendorff's alpha; judge vs final labels",
    )
    .argument(...RUN)
    .option('--queue <id>', 'only this queue')
    .option('--seed <n>', 'bootstrap seed (default 0, as gamut analyze calibration)')
    .option('--resamples <n>', 'bootstrap resamples (default 1000)')
    .option(...STORE)
    .option('--json', 'print the machine-readable status on stdout')
    .action(async (run, o) => {
      const { reviewStatus } = await import('./review/status.js');
      await reviewStatus(run, o);
    });

  for (const [verb, what] of [
    ['label', "an annotator's verdict on an item"],
    ['adjudicate', "the adjudicator's final verdict on an item the annotators disagree on"],
  ] as const) {
    review
      .command(verb)
      .description(`record ${what} (an appended event)`)
      .argument(...RUN)
      .requiredOption('--token <token>', 'your personal token (from gamut review add-annotator)')
      .requiredOption('--item <id>', 'the item, e.g. i001')
      .requiredOption('--verdict <verdict>', 'meets, partially_meets, missing or contradicts')
      .option('--note <text>', 'why (optional)')
      .option('--queue <id>', 'the queue (needed only when several have the item)')
      .option(...STORE)
      .action(async (run, o) => {
        const { recordDecision } = await import('./review/record.js');
        await recordDecision(verb, run, o);
      });
  }

  for (const [verb, what] of [
    ['confirm', 'that a wiki-QA flag is right (its proposed golden-set change goes into the next version)'],
    ['reject', 'that a wiki-QA flag is wrong (the golden set stays as it is)'],
  ] as const) {
    review
      .command(verb)
      .description(`record ${what}, as a reviewer (an appended event)`)
      .argument(...RUN)
      .requiredOption('--token <token>', 'your personal token (a reviewer’s, from gamut review add-annotator)')
      .requiredOption('--item <id>', 'the flag, e.g. f001')
      .requiredOption('--reason <text>', 'why')
      .option('--queue <id>', 'the queue (needed only when several have the item)')
      .option(...STORE)
      .action(async (run, o) => {
        const { recordFlagDecision } = await import('./review/record.js');
        await recordFlagDecision(verb, run, o);
      });
  }

  review
    .command('undo')
    .description('reverse your last standing label or adjudication (an appended event, nothing is deleted)')
    .argument(...RUN)
    .requiredOption('--token <token>', 'your personal token')
    .option('--queue <id>', 'the queue (needed only when your role works several)')
    .option(...STORE)
    .action(async (run, o) => {
      const { recordUndo } = await import('./review/record.js');
      await recordUndo(run, o);
    });

  review
    .command('export')
    .description('write the review events (JSONL) and/or the final labels as a labels: file')
    .argument(...RUN)
    .option('-o, --out <file>', 'every review event of the run, one per line')
    .option(
      '--labels <file>',
      'adjudicated (or agreed) labels as verdict lines, for --judge labels:FILE and analyze calibration',
    )
    .option('--queue <id>', 'only this queue')
    .option(...STORE)
    .action(async (run, o) => {
      const { exportReview } = await import('./review/export.js');
      await exportReview(run, o);
    });

  review
    .command('import')
    .description('append the events of a JSONL file; any bad line and nothing is stored')
    .argument(...RUN)
    .argument('<events>', 'events file (as gamut review export -o writes)')
    .option(...STORE)
    .action(async (run, file, o) => {
      const { importEvents } = await import('./review/import.js');
      await importEvents(run, file, o);
    });
}
