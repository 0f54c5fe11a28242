import type { Command } from '@commander-js/extra-typings';

export function registerInit(program: Command): void {
  program
    .command('init')
    .description(
      'write a starter evaluation (meta-rubrics of every item type, answers, run.yaml, README) that runs offline',
    )
    .argument('[dir]', 'folder to write into (created if needed)', '.')
    .action(async (dir) => {
      const { writeStarter } = await import('./init/write-starter.js');
      await writeStarter(dir);
    });
}
