import { InvalidArgumentError, Option } from '@commander-js/extra-typings';

/** `--max-judge-failures`: a count of checks, or a fraction of them. */
export type FailureAllowance = { count: number } | { fraction: number };

/** "3" is a count; "0.05" (or "5%") a fraction of checks in (0, 1). */
export function parseMaxJudgeFailures(value: string): FailureAllowance {
  const text = value.trim();
  const percent = text.endsWith('%');
  const n = Number(percent ? text.slice(0, -1) : text);
  if (text === '' || !Number.isFinite(n) || n < 0) {
    throw new InvalidArgumentError(
      `expected a count (e.g. 3) or a fraction of checks (e.g. 0.05 or 5%), got "${value}"`,
    );
  }
  if (percent) {
    if (n >= 100) throw new InvalidArgumentError(`a percentage must be below 100%, got "${value}"`);
    return { fraction: n / 100 };
  }
  if (Number.isInteger(n)) return { count: n };
  if (n < 1) return { fraction: n };
  throw new InvalidArgumentError(`a count must be a whole number and a fraction below 1, got "${value}"`);
}

/** How many failed checks the allowance lets through, out of `checks`. */
export function allowedFailures(allowance: FailureAllowance | undefined, checks: number): number {
  if (!allowance) return 0;
  return 'count' in allowance ? allowance.count : Math.floor(allowance.fraction * checks);
}

/** Why the run fails for its judge failures, or undefined when they are within the allowance. */
export function judgeFailureGate(o: {
  failures: number;
  checks: number;
  allowance: FailureAllowance | undefined;
  listedIn: string;
}): string | undefined {
  const allowed = allowedFailures(o.allowance, o.checks);
  if (o.failures <= allowed) return undefined;
  const of = o.allowance && 'fraction' in o.allowance ? ` (${o.allowance.fraction * 100}% of ${o.checks})` : '';
  return (
    `${o.failures} of ${o.checks} checks ended as judge failures, ${allowed}${of} allowed by --max-judge-failures; ` +
    `listed in ${o.listedIn}`
  );
}

/** The options `gamut judge` and `gamut run` share for judge failures. */
export function judgeFailureOptions() {
  return [
    new Option(
      '--max-judge-failures <n|fraction>',
      'judge failures allowed before exiting 1: a count (e.g. 3) or a fraction of checks (e.g. 0.05); default 0',
    ).argParser(parseMaxJudgeFailures),
    new Option(
      '--fail-on-judge-failures',
      'exit 1 if any check ends as a judge failure (the default; same as --max-judge-failures 0)',
    ),
  ] as const;
}
