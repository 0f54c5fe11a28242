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
      const { counted, InputError } = await import('@gamut/core');
      if (!opts.url === !opts.cmd)
        throw new InputError({ rule: 'option', message: 'give exactly one of --url and --cmd' });
      const num = (name: string, v: string, min: number) => {
        const n = Number(v);
        if (!Number.isFinite(n) || n < min)
          throw new InputError({ rule: 'option', message: `--${name} must be a number ≥ ${min}, got ${v}` });
        return n;
      };
      if (opts.url && !URL.canParse(opts.url))
        throw new InputError({
          rule: 'option',
          message: `--url must be an absolute URL such as http://localhost:8080/ask, got ${opts.url}`,
        });
      const concurrency = num('concurrency', opts.concurrency, 1);
      const timeoutMs = num('timeout', opts.timeout, 0.001) * 1000;
      const retries = num('retries', opts.retries, 0);
      const { loadGoldenSet, httpAgent, commandAgent, collectAgentOutputs } = await import('@gamut/node');
      const { golden } = await loadGoldenSet(opts.golden);
      const call = opts.url
        ? httpAgent(opts.url, opts.header ? { headers: opts.header } : {})
        : commandAgent(opts.cmd ?? '');
      const agent =
        opts.agent ?? (opts.url ? new URL(opts.url).host : ((opts.cmd ?? '').trim().split(/\s+/)[0] ?? 'agent'));
      const tty = process.stderr.isTTY;
      const result = await collectAgentOutputs({
        questions: golden.questions,
        call,
        out: opts.out,
        agent,
        concurrency,
        timeoutMs,
        retries,
        onProgress: (done, total) => {
          if (tty) process.stderr.write(`\rasked ${done}/${total}${done === total ? '\n' : ''}`);
        },
      });
      for (const w of result.warnings) process.stderr.write(`warning: ${w}\n`);
      const summary = {
        out: opts.out,
        agent,
        written: result.written,
        resumed: result.resumed,
        failed: result.failures.length,
      };
      if (opts.json) process.stdout.write(`${JSON.stringify({ ...summary, failures: result.failures }, null, 2)}\n`);
      else
        process.stdout.write(
          `${agent}: ${result.written} written, ${result.resumed} already there, ${result.failures.length} failed\nwrote ${opts.out}\n`,
        );
      if (result.failures.length) {
        throw new InputError(
          result.failures,
          `${counted(result.failures.length, 'question')} failed; finished lines are kept in ${opts.out}, rerun to retry the rest`,
        );
      }
    });
}
