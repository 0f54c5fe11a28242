import type { Command } from '@commander-js/extra-typings';

export function registerRagFreeze(rag: Command): void {
  rag
    .command('freeze')
    .description('validate a golden set against its wiki and record its content hash (frozen_hash)')
    .argument('<golden>', 'golden-set JSON')
    .requiredOption('--wiki <snapshot>', 'wiki snapshot (JSONL or folder) the golden set refers to')
    .option('-o, --out <file>', 'write the frozen set here instead of in place')
    .option('--force', 're-freeze a set that was edited after it was frozen')
    .option('--json', 'print a JSON summary')
    .action(async (goldenPath, opts) => {
      const { loadWikiSnapshot, loadGoldenSet, writeFileAtomic } = await import('@gamut/node');
      const snapshot = await loadWikiSnapshot(opts.wiki);
      const loaded = await loadGoldenSet(goldenPath, { snapshot, allowStaleHash: !!opts.force });
      const previous = loaded.golden.frozen_hash;
      const out = opts.out ?? goldenPath;
      if (previous !== loaded.hash || out !== goldenPath) {
        // Keep the file as the user wrote it; only frozen_hash changes.
        await writeFileAtomic(out, `${JSON.stringify({ ...loaded.raw, frozen_hash: loaded.hash }, null, 2)}\n`);
      }
      const summary = {
        golden: goldenPath,
        out,
        frozen_hash: loaded.hash,
        previous_hash: previous ?? null,
        changed: previous !== loaded.hash,
        wiki_snapshot: snapshot.id,
        questions: loaded.golden.questions.length,
      };
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        return;
      }
      const what = previous === loaded.hash ? 'already frozen' : previous ? `re-frozen (was ${previous})` : 'frozen';
      process.stdout.write(
        `${loaded.golden.name} v${loaded.golden.version}: ${summary.questions} questions, ${what}\nfrozen_hash ${loaded.hash}\nwiki snapshot ${snapshot.id}\n`,
      );
    });
}
