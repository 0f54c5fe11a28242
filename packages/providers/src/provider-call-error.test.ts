import { GamutError, ProviderError } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { ProviderCallError } from './provider-call-error.js';

describe('ProviderCallError', () => {
  it('is a ProviderError with a marker of its own', () => {
    const e = new ProviderCallError('openai: HTTP 503', { kind: 'http', status: 503, retryable: true });
    expect([GamutError.isInstance(e), ProviderError.isInstance(e), ProviderCallError.isInstance(e)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(ProviderCallError.isInstance(new ProviderError('p'))).toBe(false);
    // The name users see and failures store is unchanged.
    expect(e.name).toBe('ProviderError');
  });
});
