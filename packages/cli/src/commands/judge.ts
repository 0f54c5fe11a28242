import { type Command, Option } from '@commander-js/extra-typings';
import { DEFAULT_RETRIES } from '@gamut/core/call-defaults';
import { judgeFailureOptions } from './options/judge-failures.js';
import { parseFraction, parseNonNegativeInt, parsePositiveInt } from './options/numbers.js';
import { storeOption } from './options/store.js';

export function registerJudge(program: Command): void {
  const [maxFailures, failOnFailures] = judgeFailureOptions();
  program
    .command('judge')
    .description('give every (answer, check) a verdict; resumable: rerun the same command to continue')
    .requiredOption('--rubrics <file>', 'meta-rubrics or compiled rubrics (JSON or JSONL)')
    .requiredOption('--answers <file>', 'answer lines (JSONL or CSV): question_id, model, setting, response')
    .requiredOption(
      '--judge <spec>',
      'offline | labels:<file> | openai:<model> | anthropic:<model> | google:<model> | openai-compatible:<model>@<url> | ollama:<model> | mock:<name>',
    )
    .option('--concurrency <n>', 'judge calls in flight at once', parsePositiveInt, 16)
    .option(
      '--rpm <n>',
      "requests per minute at most (without it, the pace is learned from the provider's 429s and rate-limit headers)",
      parsePositiveInt,
    )
    .option('--tpm <n>', 'tokens per minute at most', parsePositiveInt)
    .option('--timeout <ms>', 'per-call timeout in milliseconds', parsePositiveInt, 60_000)
    .option(
      '--retries <n>',
      'retries of one call on 5xx, timeouts and garbled replies, each with its own backoff (429s are waited out without using one)',
      parseNonNegativeInt,
      DEFAULT_RETRIES,
    )
    .option('--batched', 'grade all checks of one answer in one call')
    .option(...storeOption())
    .option(
      '--queue <url>',
      'queue the checks on this Redis server for `gamut worker` processes (needs a postgres:// --store)',
    )
    .option(
      '--batch',
      "send the judge calls through the provider's batch API at half the price (openai, anthropic, google); rerun to pick up its results",
    )
    .option('--batch-poll <ms>', 'with --batch: milliseconds between two polls of a batch', parsePositiveInt, 30_000)
    .option('-o, --output <file>', 'write verdicts here (default: stdout, unless --json)')
    .addOption(
      new Option('--format <format>', 'verdict output format')
        .choices(['jsonl', 'csv', 'junit'] as const)
        .default('jsonl' as const),
    )
    .option(
      '--fail-under <score>',
      "exit 1 if a model's mean Gamut score (a fraction, e.g. 0.6) is below this",
      parseFraction,
    )
    .addOption(maxFailures)
    .addOption(failOnFailures)
    .option('--lambda <x>', 'value of partially_meets (0 < λ < 1)', Number)
    .option('--mu <x>', 'value of contradicts (μ < 0)', Number)
    .option('--quiet', 'no progress')
    .option('--json', 'progress as JSON lines on stderr and a JSON summary on stdout')
    .action(async (opts) => {
      const { runJudgeCommand } = await import('./judge/run-judge.js');
      await runJudgeCommand({ ...opts, cwd: process.cwd(), env: process.env });
    });
}
