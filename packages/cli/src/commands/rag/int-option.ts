import { InvalidArgumentError } from '@commander-js/extra-typings';

/** A commander parser for a positive integer option, naming the option when the value is not one. */
export function positiveInt(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer, got "${v}"`);
    return n;
  };
}
