import { describe, expect, it } from 'vitest';
import { failureKindOf } from './failure-kind.js';

describe('failureKindOf', () => {
  it('reads the kind from what the LLM judge and providers write', () => {
    expect(failureKindOf('invalid judge reply after 3 attempt(s): not a JSON object', '<html>')).toBe('invalid_reply');
    expect(
      failureKindOf(
        'invalid judge reply after 3 attempt(s): unterminated string (the reply was cut off at the output token limit)',
        '{"verdict',
      ),
    ).toBe('cut_off');
    expect(failureKindOf('openai:gpt-4.1: no reply within 60000 ms (gave up after 5 attempts)', null)).toBe('timeout');
    expect(
      failureKindOf('openai:gpt-4.1: HTTP 429: Rate limit reached (gave up after 5 attempts)', '{"error":{}}'),
    ).toBe('provider_error');
    expect(failureKindOf('openai-compatible:m: invalid response: Invalid JSON response', '<!doctype html>')).toBe(
      'provider_error',
    );
    expect(failureKindOf('openai-compatible:m: network error: fetch failed (ECONNREFUSED)', null)).toBe(
      'provider_error',
    );
  });

  it('falls back on whether a reply was kept', () => {
    expect(failureKindOf('off-menu verdict "yes"', '{"verdict":"yes"}')).toBe('invalid_reply');
    expect(failureKindOf('no label for question q1', null)).toBe('provider_error');
  });
});
