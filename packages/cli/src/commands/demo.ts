import type { Command } from '@commander-js/extra-typings';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('run the whole flow on bundled example data: offline judge, no network, no API key')
    .option('--out <dir>', 'where to write the run directory and report.html', 'gamut-demo')
    .option('--json', 'print a machine-readable summary on stdout')
    .option('--open', 'open report.html in a browser when done')
    .action(async (opts) => {
      const { runDemo } = await import('./demo/run-demo.js');
      await runDemo({
        out: opts.out,
        json: opts.json === true,
        open: opts.open === true,
        progress: !opts.json && process.stderr.isTTY === true,
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });
    });
}
