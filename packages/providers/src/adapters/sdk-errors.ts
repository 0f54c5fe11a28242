import { isRetryableStatus, ProviderCallError } from '../provider-call-error.js';
import { classifyFatal, type FatalContext } from './fatal-errors.js';

interface ApiCallErrorLike {
  message: string;
  statusCode?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  isRetryable?: boolean;
}

const NETWORK_CODES = /^(ECONN|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR|ERR_STREAM_PREMATURE_CLOSE)/;

/**
 * Classifies anything an AI SDK model throws. HTTP errors keep status, body
 * and the provider's retry-after; a 200 whose body is not the documented
 * shape (invalid JSON, a truncated body) is an invalid response, worth a
 * bounded retry. An error waiting cannot fix (key, model, quota, billing) is
 * marked fatal, its message saying what to do. Unknown errors are rethrown
 * untouched: they are bugs.
 */
export function toProviderCallError(e: unknown, label: string, ctx: FatalContext = {}): unknown {
  if (e instanceof ProviderCallError) return e;
  if (typeof e !== 'object' || e === null) return e;
  const err = e as Error & ApiCallErrorLike & { code?: string; text?: string; cause?: unknown };
  if (err.name === 'AbortError' || err.name === 'TimeoutError') {
    return new ProviderCallError(`${label}: call aborted`, {
      kind: 'aborted',
      provider: label,
      retryable: false,
      cause: e,
    });
  }
  if (err.name === 'AI_APICallError') {
    const status = err.statusCode;
    if (status === undefined || status < 300) {
      const invalid = /invalid json|json parse|type validation/i.test(err.message) || err.responseBody !== undefined;
      return new ProviderCallError(`${label}: ${invalid ? 'invalid response' : 'network error'}: ${err.message}`, {
        kind: invalid ? 'invalid-response' : 'network',
        provider: label,
        status,
        retryable: true,
        raw: err.responseBody,
        cause: e,
      });
    }
    const said = `${label}: HTTP ${status}: ${bodyMessage(err.responseBody) ?? err.message}`;
    const fatal = classifyFatal(status, err.responseBody, ctx);
    return new ProviderCallError(fatal === undefined ? said : `${said} (${fatal.advice})`, {
      kind: 'http',
      provider: label,
      status,
      retryable: fatal === undefined && isRetryableStatus(status),
      fatal: fatal?.reason,
      raw: err.responseBody,
      responseHeaders: withBodyRetryHint(err.responseHeaders, err.responseBody),
      cause: e,
    });
  }
  if (err.name === 'AI_JSONParseError' || err.name === 'AI_TypeValidationError' || err.name === 'SyntaxError') {
    return new ProviderCallError(`${label}: invalid response: ${err.message}`, {
      kind: 'invalid-response',
      provider: label,
      retryable: true,
      raw: typeof err.text === 'string' ? err.text : undefined,
      cause: e,
    });
  }
  const code = err.code ?? (err.cause as { code?: string } | undefined)?.code;
  if (err instanceof TypeError || (typeof code === 'string' && NETWORK_CODES.test(code))) {
    const detail = code !== undefined ? `${err.message} (${code})` : err.message;
    return new ProviderCallError(`${label}: network error: ${detail}`, {
      kind: 'network',
      provider: label,
      retryable: true,
      cause: e,
    });
  }
  return e;
}

/**
 * Gemini puts its wait in the body (`google.rpc.RetryInfo` `retryDelay: "2s"`)
 * rather than a header: surfaced as `retry-after-ms` so the retry layer honours it.
 */
function withBodyRetryHint(
  headers: Record<string, string> | undefined,
  body: string | undefined,
): Record<string, string> | undefined {
  if (headers?.['retry-after'] !== undefined || headers?.['retry-after-ms'] !== undefined) return headers;
  const delay = body === undefined ? null : /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(body);
  if (delay?.[1] === undefined) return headers;
  return { ...headers, 'retry-after-ms': String(Number.parseFloat(delay[1]) * 1000) };
}

/** The provider's own error message: OpenAI/Gemini `{error: {message}}`, Anthropic `{type: 'error', error: {message}}`. */
function bodyMessage(body: string | undefined): string | undefined {
  if (body === undefined || body === '') return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof m === 'string') return m;
  } catch {
    // not JSON: show the start of it
  }
  return body.length > 200 ? `${body.slice(0, 200)}...` : body;
}
