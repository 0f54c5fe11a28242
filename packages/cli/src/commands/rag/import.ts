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
      const { importWiki } = await import('../../wiki/import-wiki.js');
      const { toJsonl, writeFileAtomic } = await import('@gamut/node');
      const result = await importWiki(source, opts.format ? { format: opts.format } : {});
      const { snapshot } = result;
      await writeFileAtomic(opts.out, toJsonl(snapshot.pages));
      const counts = { current: 0, historical: 0, archived: 0 };
      for (const p of snapshot.pages) counts[p.status]++;
      const pages = new Set(snapshot.pages.map((p) => p.page_id)).size;
      const summary = {
        snapshot_id: snapshot.id,
        format: result.format,
        out: opts.out,
        pages,
        versions: snapshot.pages.length,
        by_status: counts,
        skipped: result.skipped,
        warnings: result.warnings,
      };
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        return;
      }
      const skipped = Object.entries(result.skipped).map(([why, n]) => `${n} ${why}`);
      for (const w of result.warnings.slice(0, 20)) process.stderr.write(`warning: ${w}\n`);
      if (result.warnings.length > 20) process.stderr.write(`warning: … and ${result.warnings.length - 20} more\n`);
      process.stdout.write(
        [
          `imported ${result.format}: ${pages} page${pages === 1 ? '' : 's'}, ${snapshot.pages.length} version${snapshot.pages.length === 1 ? '' : 's'} (${counts.current} current, ${counts.historical} historical, ${counts.archived} archived)`,
          ...(skipped.length ? [`skipped: ${skipped.join(', ')}`] : []),
          `snapshot ${snapshot.id}`,
          `wrote ${opts.out}`,
          '',
        ].join('\n'),
      );
    });
}
