import { InputError, ProviderError } from '@gamut/core';
import { renderIssue } from './render-issue.js';

export const EXIT_OK = 0;
/** A quality gate failed (e.g. `--fail-under`), or judge failures beyond `--max-judge-failures`. */
export const EXIT_GATE = 1;
/** Bad input or usage, or a run stopped because its provider cannot be used. */
export const EXIT_INPUT = 2;
/** A bug of ours: not the user's fault, so not 2. */
export const EXIT_INTERNAL = 3;

/** The quality gate is the one non-error reason to exit 1. */
export class GateFailed extends Error {
  override readonly name = 'GateFailed';
}

/** A run that stopped before its end (its provider cannot be used): exit 2, what finished is stored. */
export class RunStopped extends Error {
  override readonly name = 'RunStopped';
}

/** The only place errors become exit codes and stderr text. */
export function reportError(e: unknown, write: (s: string) => void = (s) => process.stderr.write(s)): number {
  if (e instanceof GateFailed) {
    write(`gamut: ${e.message}\n`);
    return EXIT_GATE;
  }
  if (e instanceof RunStopped) {
    write(`gamut: ${e.message}\n`);
    return EXIT_INPUT;
  }
  if (InputError.isInputError(e)) {
    const n = e.issues.length;
    write(`gamut: ${n} problem${n === 1 ? '' : 's'} found\n`);
    for (const issue of e.issues) write(renderIssue(issue));
    return EXIT_INPUT;
  }
  if (ProviderError.isProviderError(e)) {
    write(`gamut: provider error: ${e.message}\n`);
    return EXIT_INPUT;
  }
  if (e && typeof e === 'object' && 'code' in e && String((e as { code: unknown }).code).startsWith('commander.')) {
    return EXIT_INPUT;
  }
  write(`gamut: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  return EXIT_INTERNAL;
}
