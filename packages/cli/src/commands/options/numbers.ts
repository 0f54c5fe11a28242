import { InvalidArgumentError } from '@commander-js/extra-typings';

export function parsePositiveInt(value: string): number {
  return parseInteger(value, false);
}

export function parseNonNegativeInt(value: string): number {
  return parseInteger(value, true);
}

function parseInteger(value: string, allowZero: boolean): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) {
    throw new InvalidArgumentError(`expected ${allowZero ? 'a non-negative' : 'a positive'} integer, got "${value}"`);
  }
  return n;
}

/** Scores are fractions in [-1, 1]; 60 for 0.6 is the one mistake worth a hint. */
export function parseFraction(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new InvalidArgumentError(`expected a number, got "${value}"`);
  if (n < -1 || n > 1) {
    throw new InvalidArgumentError(
      `scores are fractions in [-1, 1]${n > 1 && n <= 100 ? `; did you mean ${n / 100}?` : ''}, got ${value}`,
    );
  }
  return n;
}
