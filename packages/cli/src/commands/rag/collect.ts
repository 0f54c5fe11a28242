import { type Command, InvalidArgumentError } from '@commander-js/extra-typings';

const collectHeader = (value: string, previous: Record<string, string> = {}) => {
  const i = value.indexOf(':');
  if (i <= 0) throw new InvalidArgumentError(`expected "Name: value", got "${value}"`);
  return { ...previous, [value.slice(0, i).trim()]: value.slice(i + 1).trim() };
};

export function registerRagCollect(rag: Command): void {
  rag
    .command('collect')
    .description(
      'ask your agent every golden-set question (over HTTP or as a command) and write agent-output JSONL; resumes where it stopped',
    )
    .requiredOption('--golden <file>', 'golden-set JSON')
    .requiredOption('-o, --out <file>', 'agent-output JSONL (appended; questions already in it are skipped)')
    .option('--url <url>', 'POST {question, question_id} as JSON to this URL')
    .option('--cmd <command>', 'run this shell command per question: question JSON on stdin, reply JSON on stdout')
    .option('--header <header>', 'HTTP header "Name: value" (repeatable)', collectHeader)
    .option('--agent <name>', 'agent name written in each line')
    .option('--concurrency <n>', 'questions asked at once', '4')
    .option('--timeout <seconds>', 'per attempt', '60')
    .option('--retries <n>', 'extra attempts after a network error, timeout, 429/5xx or a failed command', '2')
    .option('--json', 'print a JSON summary')
    .action(async (opts) => {
      const { collectFailure, collectSettings, collectSummary, collectText } = await import('@gamut/core');
      const settings = collectSettings(opts);
      const { loadGoldenSet, httpAgent, commandAgent, collectAgentOutputs } = await import('@gamut/node');
      const { golden } = await loadGoldenSet(opts.golden);
      const call = opts.url
        ? httpAgent(opts.url, opts.header ? { headers: opts.header } : {})
        : commandAgent(opts.cmd ?? '');
      const tty = process.stderr.isTTY;
      const result = await collectAgentOutputs({
        questions: golden.questions,
        call,
        out: opts.out,
        ...settings,
        onProgress: (done, total) => {
          if (tty) process.stderr.write(`\rasked ${done}/${total}${done === total ? '\n' : ''}`);
        },
      });
      for (const w of result.warnings) process.stderr.write(`warning: ${w}\n`);
      const counts = { ...result, out: opts.out, agent: settings.agent };
      process.stdout.write(opts.json ? `${JSON.stringify(collectSummary(counts), null, 2)}\n` : collectText(counts));
      if (counts.failures.length) throw collectFailure(counts);
    });
}
