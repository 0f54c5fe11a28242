import { describe, expect, it } from 'vitest';
import { earlyStopMessage } from './early-stop-message.js';

describe('earlyStopMessage', () => {
  const spec = 'openai-compatible:judge@http://127.0.0.1:9/v1';
  it('says why, where, and what to do', () => {
    const refused = earlyStopMessage(
      {
        failures: 8,
        kind: 'provider_error',
        error: 'openai-compatible:judge: network error: fetch failed (ECONNREFUSED)',
      },
      spec,
      '.gamut/gamut.db',
    );
    expect(refused).toBe(
      'stopped after 8 calls in a row failed: openai-compatible:judge: network error: fetch failed (ECONNREFUSED)' +
        ' — connection refused at http://127.0.0.1:9/v1: is the server running?\n' +
        '  What finished is stored in .gamut/gamut.db; run the same command again to resume once this is fixed.',
    );
    const limited = earlyStopMessage(
      { failures: 8, kind: 'provider_error', error: 'x: HTTP 429: slow down (gave up after 5 attempts)' },
      spec,
      's',
    );
    expect(limited).toContain('rate-limited: lower --concurrency, set --rpm');
    const html = earlyStopMessage(
      { failures: 3, kind: 'provider_error', error: 'x: invalid response: Invalid JSON response' },
      spec,
      's',
    );
    expect(html).toMatch(/^stopped after 3 calls in a row failed: .* \(a web page\?\): check the base URL/);
  });
});
