import type { Command } from '@commander-js/extra-typings';
import { storeOption } from './options/store.js';

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('write a self-contained HTML report of a run directory (opens from disk, no server)')
    .argument('<run>', 'run directory (see docs/run-directory.md)')
    .option('-o, --out <file>', 'where to write the report', 'report.html')
    .option('--judge <id>', 'the judge whose verdicts the leaderboard scores (default: the run’s first judge)')
    .option('--missing-as-missing', 'count checks without a verdict as missing instead of failing')
    .option('--calibrate <labels>', 'show calibrated scores on human labels beside the raw ones (a labels file)')
    .option(...storeOption())
    .option('--json', 'print { "report", "bytes", "questions", "models" } on stdout')
    .action(async (run, options) => {
      const { writeReport } = await import('../web/write-report.js');
      await writeReport(run, options);
    });
}
