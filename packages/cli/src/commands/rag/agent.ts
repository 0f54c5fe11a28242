import type { Command } from '@commander-js/extra-typings';

export function registerRagAgent(rag: Command): void {
  rag
    .command('agent')
    .description(
      'run the baseline agent (BM25 over the current wiki pages) on a golden set: offline extraction, or an LLM with --model',
    )
    .requiredOption('--wiki <snapshot>', 'wiki snapshot (JSONL or folder)')
    .requiredOption('--golden <file>', 'golden-set JSON')
    .requiredOption('-o, --out <file>', 'agent-output JSONL to write')
    .option('--model <spec>', 'answer with this model (e.g. openai:gpt-4.1-mini) instead of offline extraction')
    .option('--k <n>', 'chunks retrieved per question', '5')
    .option(
      '--threshold <x>',
      'offline: abstain below this IDF-weighted share of question terms found, in [0,1]',
      '0.3',
    )
    .option('--concurrency <n>', 'LLM mode: questions answered at once', '4')
    .option('--agent <name>', 'agent name written in each line')
    .option('--json', 'print a JSON summary')
    .action(async (opts) => {
      const { baselineAgentSettings } = await import('@gamut/core');
      const { k, threshold, concurrency } = baselineAgentSettings(opts);
      const { loadWikiSnapshot, loadGoldenSet, toJsonl, writeFileAtomic } = await import('@gamut/node');
      const { WikiIndex, answerAll, baselineRunSummary, baselineRunText } = await import('@gamut/wiki');
      const snapshot = await loadWikiSnapshot(opts.wiki);
      const { golden } = await loadGoldenSet(opts.golden, { snapshot });
      const index = WikiIndex.build(snapshot);
      const tty = process.stderr.isTTY;
      const outputs = await answerAll(index, golden.questions, {
        k,
        threshold,
        ...(opts.agent !== undefined && { agent: opts.agent }),
        ...(opts.model && { model: await loadModel(opts.model) }),
        concurrency,
        onAnswered: (done, total) => {
          if (tty) process.stderr.write(`\ranswered ${done}/${total}${done === total ? '\n' : ''}`);
        },
      });
      await writeFileAtomic(opts.out, toJsonl(outputs));
      const summary = baselineRunSummary(outputs, { out: opts.out, llm: !!opts.model, index, snapshotId: snapshot.id });
      process.stdout.write(opts.json ? `${JSON.stringify(summary, null, 2)}\n` : baselineRunText(summary));
    });
}

/** Loaded only in LLM mode; API keys are read from the environment at the first call. */
async function loadModel(spec: string) {
  const { createJudgeModel } = await import('@gamut/providers');
  return createJudgeModel(spec, { env: process.env });
}
