import type { Command } from '@commander-js/extra-typings';
import { judgeFailureOptions } from './options/judge-failures.js';
import { parseFraction, parsePositiveInt } from './options/numbers.js';
import { storeOption } from './options/store.js';

export function registerRun(program: Command): void {
  const [maxFailures, failOnFailures] = judgeFailureOptions();
  program
    .command('run')
    .description('models answer, judges grade, scores and the run directory; rerun the same config to resume')
    .argument('<config>', 'run config (YAML); `gamut schema run-config` prints its JSON Schema')
    .option('--resume', 'only continue an existing run (fail if there is none)')
    .option('--restart', 'start the run over; the earlier run is kept aside as <name>.<start time>')
    .option(...storeOption())
    .option(
      '--queue <url>',
      'queue the checks on this Redis server for `gamut worker` processes (needs a postgres:// --store)',
    )
    .option(
      '--batch',
      "send the judges' calls through the provider's batch API at half the price (openai, anthropic, google); rerun to pick up its results",
    )
    .option('--batch-poll <ms>', 'with --batch: milliseconds between two polls of a batch', parsePositiveInt, 30_000)
    .option(
      '--fail-under <score>',
      "exit 1 if a model's mean Gamut score (a fraction, e.g. 0.6) is below this",
      parseFraction,
    )
    .addOption(maxFailures)
    .addOption(failOnFailures)
    .option('--quiet', 'no progress and no leaderboard')
    .option('--json', 'progress as JSON lines on stderr and a JSON summary on stdout')
    .action(async (config, opts) => {
      if (opts.resume && opts.restart) {
        const { InputError } = await import('@gamut/core');
        throw new InputError({
          rule: 'usage',
          message: '--resume and --restart cannot be used together: one continues a run, the other starts it over',
        });
      }
      const { runRunCommand } = await import('./run/run-run.js');
      await runRunCommand({ ...opts, config, cwd: process.cwd(), env: process.env });
    });
}
