import { type Command, InvalidArgumentError } from '@commander-js/extra-typings';
import { positiveInt } from './int-option.js';

function fraction(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError(`--fail-under takes a pass rate in [0, 1], got "${v}"`);
  return n;
}

export function registerRagScore(rag: Command): void {
  rag
    .command('score')
    .description(
      'grade a wiki-QA agent run: Recall@k, fact coverage, faithfulness, citation precision, pass, abstention',
    )
    .requiredOption('--golden <file>', 'golden-set JSON')
    .requiredOption('--wiki <snapshot>', 'wiki snapshot (JSONL or folder)')
    .requiredOption('--run <file>', 'agent output JSONL, one line per question')
    .requiredOption(
      '--judge <spec>',
      'labels:<judgments.jsonl>, offline (lexical baseline), or a model spec (openai:…, anthropic:…, …)',
    )
    .option('--k <n>', 'Recall@k cut-off', positiveInt('--k'), 3)
    .option('--json', 'print the report as JSON')
    .option('--judgments-out <file>', 'write the judgments (RagJudgment JSONL) for reuse with labels:')
    .option('--report <file>', 'also write a self-contained wiki-QA HTML report (opens from disk, no server)')
    .option('--fail-under <rate>', 'exit 1 when the pass rate is below this fraction', fraction)
    .option(
      '--compare <report.json>',
      'an earlier `rag score --json`; refused unless made on the same golden set and snapshot',
    )
    .option('--concurrency <n>', 'judge calls in flight', positiveInt('--concurrency'), 4)
    .option('--store <dir>', 'call cache for model judges (default .gamut)')
    .option('--ragchecker', 'a model judge also labels claims both ways for RAGChecker diagnostics (more calls)')
    .action(async (opts) => {
      const { runRagScore } = await import('./run-rag-score.js');
      await runRagScore(opts);
    });
}
