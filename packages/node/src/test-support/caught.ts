import { InputError } from '@gamut/core';

/** The InputError a promise rejects with; fails the test when it resolves or throws anything else. */
export async function caughtInputError(p: Promise<unknown>): Promise<InputError> {
  try {
    await p;
  } catch (e) {
    if (InputError.isInputError(e)) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}
