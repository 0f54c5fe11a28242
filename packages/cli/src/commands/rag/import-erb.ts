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
      const { importEnterpriseRagBench } = await import('@gamut/core');
      const { readRecords } = await import('@gamut/node');
      const { writeFileAtomic } = await import('@gamut/node');
      const records = await readRecords(file);
      const golden = importEnterpriseRagBench(records, {
        name: opts.name,
        version: opts.setVersion,
        wikiSnapshot: opts.wikiSnapshot,
      });
      await writeFileAtomic(opts.out, `${JSON.stringify(golden, null, 2)}\n`);
      const byType: Record<string, number> = {};
      for (const q of golden.questions) byType[q.type] = (byType[q.type] ?? 0) + 1;
      const summary = {
        out: opts.out,
        questions: golden.questions.length,
        facts: golden.questions.reduce((n, q) => n + q.required_facts.length, 0),
        unanswerable: golden.questions.filter((q) => !q.answerable).length,
        by_type: byType,
      };
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        return;
      }
      const types = Object.entries(byType)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ');
      process.stdout.write(
        `wrote ${opts.out}: ${summary.questions} questions (${types}), ${summary.facts} required facts, ${summary.unanswerable} unanswerable\n`,
      );
    });
}
