import type { Command } from '@commander-js/extra-typings';

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check a file of any Gamut format and list every problem with its location')
    .argument('<file>', 'JSON, JSON array, JSONL or CSV file')
    .option('--format <name>', 'the format to check against (default: detected from the records)')
    .option('--json', 'print the report as JSON on stdout')
    .action(async (file, opts) => {
      const { validateFile } = await import('@gamut/node');
      const report = await validateFile(file, opts.format);
      const n = report.issues.length;
      if (opts.json) {
        const body = { ...report, format: report.format ?? null, problems: n };
        process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
        if (n) process.exitCode = 2;
        return;
      }
      const { renderWarning } = await import('../io/render-issue.js');
      for (const w of report.warnings) process.stderr.write(renderWarning(w));
      const { InputError, recordCount } = await import('@gamut/core');
      if (n) throw new InputError(report.issues);
      const w = report.warnings.length;
      const warned = w ? `, ${w} warning${w === 1 ? '' : 's'}` : '';
      process.stdout.write(`ok: ${recordCount(report.records, report.format)}, 0 problems${warned}\n`);
    });
}
