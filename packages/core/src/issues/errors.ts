import { formatIssue, type Issue } from './issue.js';

const MARKER = Symbol.for('gamut.error');

/**
 * The one error family. `InputError` is the user's (bad file, unknown id,
 * missing verdict); `ProviderError` is a model service that failed; anything
 * else is ours. Only the CLI maps these to exit codes.
 */
export class GamutError extends Error {
  readonly [MARKER] = true;
  static isInstance(e: unknown): e is GamutError {
    return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[MARKER] === true;
  }
}

export class InputError extends GamutError {
  override readonly name = 'InputError';
  readonly issues: readonly Issue[];
  constructor(issues: readonly Issue[] | Issue, summary?: string) {
    const list = Array.isArray(issues) ? issues : [issues as Issue];
    super(summary ?? list.map(formatIssue).join('\n'));
    this.issues = list;
  }
  static isInputError(e: unknown): e is InputError {
    return GamutError.isInstance(e) && (e as GamutError).name === 'InputError';
  }
}

/**
 * Why waiting cannot fix a provider error: a bad or missing key, a model the
 * endpoint does not know, an exhausted quota, a spend limit or empty balance.
 */
export type FatalReason = 'auth' | 'unknown_model' | 'quota' | 'billing';

export class ProviderError extends GamutError {
  override readonly name = 'ProviderError';
  constructor(
    message: string,
    readonly details: {
      provider?: string;
      status?: number;
      retryable?: boolean;
      raw?: string;
      /** Set on errors that stop the run at once instead of failing one check. */
      fatal?: FatalReason;
      /** No reply came within the deadline. */
      timedOut?: boolean;
    } = {},
  ) {
    super(message);
  }
  static isProviderError(e: unknown): e is ProviderError {
    return GamutError.isInstance(e) && (e as GamutError).name === 'ProviderError';
  }
}
