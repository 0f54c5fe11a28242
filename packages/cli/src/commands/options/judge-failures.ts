import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import type { FailureAllowance } from '@gamut/core';

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
