import { formatIssue, type Issue } from './issue.js';

// One `Symbol.for` key per class (`gamut.error.<Class>`), shared by every copy of the package.
const BASE: unique symbol = Symbol.for('gamut.error');

/**
 * The one error family. Every class carries a marker of its own, a
 * `Symbol.for` key, so `X.isInstance(e)` holds across two copies of a package
 * (two installs, a bundle beside node_modules), where `instanceof` fails.
 * `InputError` is the user's (bad file, unknown id, missing verdict);
 * `ProviderError` a model service that failed; `StoreError` a store that
 * cannot do what was asked; `InternalError` a bug of ours or an API used out
 * of order. Only the CLI maps them to exit codes.
 */
export class GamutError extends Error {
  readonly [BASE] = true;

  static isInstance(e: unknown): e is GamutError {
    return GamutError.hasMarker(e, BASE);
  }

  /** Whether `e` carries `marker`; a subclass's `isInstance` is this with its own marker. */
  static hasMarker(e: unknown, marker: symbol): boolean {
    return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[marker] === true;
  }
}

const INPUT_MARKER: unique symbol = Symbol.for('gamut.error.InputError');

export class InputError extends GamutError {
  override readonly name = 'InputError';
  readonly [INPUT_MARKER] = true;
  readonly issues: readonly Issue[];
  constructor(issues: readonly Issue[] | Issue, summary?: string) {
    const list = Array.isArray(issues) ? issues : [issues as Issue];
    super(summary ?? list.map(formatIssue).join('\n'));
    this.issues = list;
  }
  static override isInstance(e: unknown): e is InputError {
    return GamutError.hasMarker(e, INPUT_MARKER);
  }
  /** The same as `isInstance`. */
  static isInputError(e: unknown): e is InputError {
    return InputError.isInstance(e);
  }
}

/**
 * Why waiting cannot fix a provider error: a bad or missing key, a model the
 * endpoint does not know, an exhausted quota, a spend limit or empty balance.
 */
export type FatalReason = 'auth' | 'unknown_model' | 'quota' | 'billing';

const PROVIDER_MARKER: unique symbol = Symbol.for('gamut.error.ProviderError');

export class ProviderError extends GamutError {
  override readonly name = 'ProviderError';
  readonly [PROVIDER_MARKER] = true;
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
  static override isInstance(e: unknown): e is ProviderError {
    return GamutError.hasMarker(e, PROVIDER_MARKER);
  }
  /** The same as `isInstance`. */
  static isProviderError(e: unknown): e is ProviderError {
    return ProviderError.isInstance(e);
  }
}

const STORE_MARKER: unique symbol = Symbol.for('gamut.error.StoreError');

/** A store that cannot do what was asked: closed, written by a newer Gamut, no such run, a run name taken. */
export class StoreError extends GamutError {
  override readonly name = 'StoreError';
  readonly [STORE_MARKER] = true;
  static override isInstance(e: unknown): e is StoreError {
    return GamutError.hasMarker(e, STORE_MARKER);
  }
}

const INTERNAL_MARKER: unique symbol = Symbol.for('gamut.error.InternalError');

/** Not the user's doing: a bug of ours, or an API called out of order (e.g. adding to a finished accumulator). */
export class InternalError extends GamutError {
  override readonly name = 'InternalError';
  readonly [INTERNAL_MARKER] = true;
  static override isInstance(e: unknown): e is InternalError {
    return GamutError.hasMarker(e, INTERNAL_MARKER);
  }
}
