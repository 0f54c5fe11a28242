import type { JudgeFailureKind } from '../schema/ids.js';

/**
 * The kind of a judge failure recorded without one (stored before kinds were,
 * or from a judge that names none), read from what the LLM judge and the
 * provider layer write: "invalid judge reply after …" for replies that could
 * not be used ("cut off" when the output token limit ended them), "no reply
 * within …" for a call past its deadline, "HTTP 503", "invalid response",
 * "network error" for the service failing. Otherwise a failure that kept a
 * reply is an unusable reply, and one without is the provider's.
 */
export function failureKindOf(error: string, raw: string | null): JudgeFailureKind {
  if (/^invalid judge reply\b/i.test(error)) {
    return /\bcut off\b/i.test(error) ? 'cut_off' : 'invalid_reply';
  }
  if (/\bno reply within\b|\btimed out\b/i.test(error)) return 'timeout';
  if (/\b(HTTP \d{3}|invalid response|network error|call aborted)\b/i.test(error)) return 'provider_error';
  return raw !== null && raw !== '' ? 'invalid_reply' : 'provider_error';
}
