import { GamutError, InputError, ProviderError } from '@gamut/core';

/** Every exit code `gamut` uses; docs/cli.md lists them for users. */
export const EXIT_OK = 0;
/** A quality gate failed (e.g. `--fail-under`), or judge failures beyond `--max-judge-failures`. */
export const EXIT_GATE = 1;
/** Bad input or usage. */
export const EXIT_INPUT = 2;
/** A bug of ours: not the user's fault, so not 2. */
export const EXIT_INTERNAL = 3;
/** A model provider cannot be used (bad key, unknown model, quota, unreachable): what finished is stored. */
export const EXIT_PROVIDER = 4;

const GATE_MARKER: unique symbol = Symbol.for('gamut.error.GateFailed');
const STOPPED_MARKER: unique symbol = Symbol.for('gamut.error.RunStopped');

/** The quality gate is the one non-error reason to exit 1. */
export class GateFailed extends GamutError {
  override readonly name = 'GateFailed';
  readonly [GATE_MARKER] = true;
  static override isInstance(e: unknown): e is GateFailed {
    return GamutError.hasMarker(e, GATE_MARKER);
  }
}

/** A run that stopped before its end because its provider cannot be used: exit 4, what finished is stored. */
export class RunStopped extends GamutError {
  override readonly name = 'RunStopped';
  readonly [STOPPED_MARKER] = true;
  static override isInstance(e: unknown): e is RunStopped {
    return GamutError.hasMarker(e, STOPPED_MARKER);
  }
}

/** The only place errors become exit codes and stderr text. */
export async function reportError(
  e: unknown,
  write: (s: string) => void = (s) => process.stderr.write(s),
): Promise<number> {
  if (GateFailed.isInstance(e)) {
    write(`gamut: ${e.message}\n`);
    return EXIT_GATE;
  }
  if (RunStopped.isInstance(e)) {
    write(`gamut: ${e.message}\n`);
    return EXIT_PROVIDER;
  }
  if (InputError.isInstance(e)) {
    const n = e.issues.length;
    write(`gamut: ${n} problem${n === 1 ? '' : 's'} found\n`);
    // string-width builds its Unicode tables as it loads (~45 ms of CPU): only a run that shows an issue pays.
    const { renderIssue } = await import('./render-issue.js');
    for (const issue of e.issues) write(renderIssue(issue));
    return EXIT_INPUT;
  }
  if (ProviderError.isInstance(e)) {
    write(`gamut: provider error: ${e.message}\n`);
    return EXIT_PROVIDER;
  }
  if (e && typeof e === 'object' && 'code' in e && String((e as { code: unknown }).code).startsWith('commander.')) {
    return EXIT_INPUT;
  }
  write(`gamut: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  return EXIT_INTERNAL;
}
