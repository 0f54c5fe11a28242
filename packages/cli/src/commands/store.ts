import type { Command } from '@commander-js/extra-typings';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerStore(program: Command): void {
  const store = program.command('store').description('move runs between stores (SQLite folders and PostgreSQL)');
  store
    .command('copy')
    .description(
      'copy runs with everything stored under them (answers, verdicts, failures, review, model calls) from one store to another; rerun to top up',
    )
    .argument('<from>', 'store folder or postgres://user@host:port/db to copy from')
    .argument('<to>', 'store folder or postgres://user@host:port/db to copy into (created when missing)')
    .option('--run <name>', 'only this run (repeatable; default: every run)', collect)
    .option('--quiet', 'no progress')
    .option('--json', 'print a JSON summary on stdout')
    .action(async (from, to, opts) => {
      const { copyStoreCommand } = await import('./store/copy-store.js');
      await copyStoreCommand({ from, to, ...opts, cwd: process.cwd() });
    });
}
