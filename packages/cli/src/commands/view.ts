import type { Command } from '@commander-js/extra-typings';
import { storeOption } from './options/store.js';

export function registerView(program: Command): void {
  program
    .command('view')
    .description(
      'serve the web viewer for a run directory on 127.0.0.1 (requests addressed to another host are refused)',
    )
    .argument('[run]', 'run directory (see docs/run-directory.md)', '.')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '4173')
    .option(
      '--host <name>',
      'serve on this address of the machine, for a team to open (default 127.0.0.1); every request then needs a personal token',
    )
    .option(...storeOption())
    .option('--judge <id>', 'the judge whose verdicts the leaderboard scores (default: the run’s first judge)')
    .option('--missing-as-missing', 'count checks without a verdict as missing instead of failing')
    .option(
      '--compare <run>',
      'a second run directory to show beside this one, question by question (questions with the same rubric hash)',
    )
    .action(async (run, options) => {
      const { serveView } = await import('../web/serve-view.js');
      const { openBuildView } = await import('./build/build-view.js');
      await serveView(run, { ...options, openBuild: openBuildView });
    });
}
