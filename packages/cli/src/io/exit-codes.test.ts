import { InputError, InternalError, ProviderError, StoreError } from '@gamut/core';
import { ProviderCallError } from '@gamut/providers';
import { describe, expect, it } from 'vitest';
import { GateFailed, RunStopped, reportError } from './exit-codes.js';

async function report(e: unknown): Promise<[number, string]> {
  let out = '';
  const code = await reportError(e, (s) => {
    out += s;
  });
  return [code, out];
}

describe('reportError: one exit code per kind of failure', () => {
  it.each([
    ['a failed gate', new GateFailed('pass rate 50.0 is below --fail-under 90.0'), 1, 'gamut: pass rate 50.0'],
    ['bad input', new InputError({ rule: 'judge-spec', path: 'judge', message: 'bad' }), 2, 'gamut: 1 problem found'],
    ['a usage error', { code: 'commander.unknownOption' }, 2, ''],
    ['a bug', new Error('boom'), 3, 'gamut: internal error: Error: boom'],
    ['a misused API', new InternalError('ScoreAccumulator.add after finish()'), 3, 'gamut: internal error:'],
    ['a store error', new StoreError('no run r1'), 3, 'gamut: internal error:'],
    ['a provider error', new ProviderError('quota exhausted'), 4, 'gamut: provider error: quota exhausted'],
    [
      'a failed call',
      new ProviderCallError('openai: HTTP 401', { kind: 'http', status: 401, retryable: false, fatal: 'auth' }),
      4,
      'gamut: provider error: openai: HTTP 401',
    ],
    ['a run stopped by its provider', new RunStopped('stopped after 8 calls'), 4, 'gamut: stopped after 8 calls'],
  ])('%s → exit %i', async (_, error, code, text) => {
    const [got, out] = await report(error);
    expect(got).toBe(code);
    expect(out.startsWith(text)).toBe(true);
  });
});
