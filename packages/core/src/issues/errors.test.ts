import { describe, expect, it } from 'vitest';
import { GamutError, InputError, InternalError, ProviderError, StoreError } from './errors.js';

const issue = { rule: 'r', message: 'm' };
const one = {
  GamutError: () => new GamutError('g'),
  InputError: () => new InputError(issue),
  ProviderError: () => new ProviderError('p'),
  StoreError: () => new StoreError('s'),
  InternalError: () => new InternalError('i'),
};

describe('the error family', () => {
  it('each class knows its own kind, and every kind is a GamutError', () => {
    const classes = { GamutError, InputError, ProviderError, StoreError, InternalError };
    for (const [name, make] of Object.entries(one)) {
      const e = make();
      expect(GamutError.isInstance(e)).toBe(true);
      for (const [other, cls] of Object.entries(classes)) {
        expect([name, other, cls.isInstance(e)]).toEqual([name, other, other === name || other === 'GamutError']);
      }
    }
    expect(GamutError.isInstance(new Error('plain'))).toBe(false);
    expect(InputError.isInstance(null)).toBe(false);
  });

  it('holds across two copies of the module, where instanceof does not', async () => {
    // Another module instance, as a second install or a bundle beside node_modules would load.
    const second = './errors.js?copy';
    const copy = (await import(second)) as typeof import('./errors.js');
    expect(copy.InputError).not.toBe(InputError);
    const foreign = new copy.InputError(issue);
    expect(foreign instanceof InputError).toBe(false);
    expect(InputError.isInstance(foreign)).toBe(true);
    expect(InputError.isInputError(foreign)).toBe(true);
    expect(ProviderError.isInstance(new copy.ProviderError('p'))).toBe(true);
    expect(ProviderError.isInstance(foreign)).toBe(false);
  });

  it('keeps the names and details callers print and store', () => {
    const e = new ProviderError('quota', { status: 429, fatal: 'quota' });
    expect([e.name, e.message, e.details.fatal]).toEqual(['ProviderError', 'quota', 'quota']);
    expect(new InputError([issue, issue]).issues).toHaveLength(2);
  });
});
