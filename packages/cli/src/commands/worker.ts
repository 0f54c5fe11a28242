import type { Command } from '@commander-js/extra-typings';
import { DEFAULT_RETRIES } from '@gamut/core/call-defaults';
import { parseNonNegativeInt, parsePositiveInt } from './options/numbers.js';

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description(
      'judge the checks that `gamut judge|run --queue` queue; start any number, on any machines sharing the queue and store',
    )
    .requiredOption('--queue <url>', 'the Redis server the checks are queued on, e.g. redis://127.0.0.1:6379')
    .requiredOption('--store <url>', 'the PostgreSQL store the run is in: postgres://user@host:port/db')
    .option('--concurrency <n>', 'judge calls in flight at once, per judge', parsePositiveInt, 16)
    .option('--timeout <ms>', 'per-call timeout in milliseconds', parsePositiveInt, 60_000)
    .option(
      '--retries <n>',
      'retries of one call on 5xx, timeouts and garbled replies (429s pause the queue for every worker)',
      parseNonNegativeInt,
      DEFAULT_RETRIES,
    )
    .option('--quiet', 'no log lines')
    .option('--json', 'log lines as JSON on stderr')
    .action(async (opts) => {
      const { runWorkerCommand } = await import('./worker/run-worker.js');
      await runWorkerCommand({ ...opts, env: process.env });
    });
}
