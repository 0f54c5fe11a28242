import { type Command, Option } from '@commander-js/extra-typings';

export function registerRagImport(rag: Command): void {
  rag
    .command('import')
    .description(
      'import a wiki (Confluence REST v2/v1 JSON, space XML/HTML export, .zip, folder, one page file or JSONL) into a snapshot JSONL',
    )
    .argument('<export>', 'file, folder or .zip to import')
    .requiredOption('-o, --out <file>', 'snapshot JSONL to write')
    .addOption(
      new Option('--format <format>', 'source format (default: detected)').choices([
        'confluence-json',
        'confluence-xml',
        'folder',
        'jsonl',
        'page',
      ] as const),
    )
    .option('--json', 'print a JSON summary')
    .action(async (source, opts) => {
      const { importWiki, toJsonl, writeFileAtomic } = await import('@gamut/node');
      const { importSummary, importSummaryText } = await import('@gamut/wiki');
      const result = await importWiki(source, opts.format ? { format: opts.format } : {});
      await writeFileAtomic(opts.out, toJsonl(result.snapshot.pages));
      const summary = importSummary(result, opts.out);
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        return;
      }
      for (const w of result.warnings.slice(0, 20)) process.stderr.write(`warning: ${w}\n`);
      if (result.warnings.length > 20) process.stderr.write(`warning: … and ${result.warnings.length - 20} more\n`);
      process.stdout.write(importSummaryText(summary));
    });
}
