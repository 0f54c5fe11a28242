import type { Command } from '@commander-js/extra-typings';

export function registerRagImportErb(rag: Command): void {
  rag
    .command('import-erb')
    .description(
      'convert EnterpriseRAG-Bench questions.jsonl into a golden set (types mapped, originals kept in source_type)',
    )
    .argument('<questions>', 'EnterpriseRAG-Bench questions JSONL')
    .requiredOption('-o, --out <file>', 'golden-set JSON to write')
    .option('--name <name>', 'golden-set name', 'EnterpriseRAG-Bench')
    .option('--set-version <version>', 'golden-set version', '1')
    .option('--wiki-snapshot <id>', 'id of the document snapshot the questions refer to', 'enterprise-rag-bench')
    .option('--json', 'print a JSON summary')
    .action(async (file, opts) => {
      const { goldenSetCounts, goldenSetCountsText, importEnterpriseRagBench } = await import('@gamut/core');
      const { readRecords, writeFileAtomic } = await import('@gamut/node');
      const golden = importEnterpriseRagBench(await readRecords(file), {
        name: opts.name,
        version: opts.setVersion,
        wikiSnapshot: opts.wikiSnapshot,
      });
      await writeFileAtomic(opts.out, `${JSON.stringify(golden, null, 2)}\n`);
      const counts = goldenSetCounts(golden);
      process.stdout.write(
        opts.json
          ? `${JSON.stringify({ out: opts.out, ...counts }, null, 2)}\n`
          : goldenSetCountsText(counts, opts.out),
      );
    });
}
