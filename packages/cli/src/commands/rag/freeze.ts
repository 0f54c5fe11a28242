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
      const { freezeGolden } = await import('@gamut/node');
      const { freezeText } = await import('@gamut/wiki');
      const frozen = await freezeGolden(goldenPath, opts);
      process.stdout.write(opts.json ? `${JSON.stringify(frozen.summary, null, 2)}\n` : freezeText(frozen));
    });
}
