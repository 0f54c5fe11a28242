import type { EarlyStop } from './failure-streak.js';

/**
 * Why a run stopped early, in words that say what to do:
 * "stopped after 8 calls in a row failed: … connection refused at http://127.0.0.1:9/v1 — is the server running?".
 */
export function earlyStopMessage(stop: EarlyStop, spec: string, store: string): string {
  const calls = `${stop.failures} call${stop.failures === 1 ? '' : 's'}`;
  return (
    `stopped after ${calls} in a row failed: ${stop.error}${hint(stop, spec)}\n` +
    `  What finished is stored in ${store}; run the same command again to resume once this is fixed.`
  );
}

function hint(stop: EarlyStop, spec: string): string {
  const e = stop.error;
  const url = /^openai-compatible:[^@]+@(.+)$/.exec(spec)?.[1];
  const at = url !== undefined ? ` at ${url}` : '';
  if (/ECONNREFUSED|connection refused/i.test(e)) return ` — connection refused${at}: is the server running?`;
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/i.test(e)) return ` — the host name${at} does not resolve: check the URL`;
  if (/certificate|SSL|TLS|EPROTO|wrong version number/i.test(e)) {
    return ` — the TLS handshake${at} failed: check http:// against https:// and the server's certificate`;
  }
  if (/ECONNRESET|socket hang up|UND_ERR_SOCKET|other side closed/i.test(e)) {
    return ` — the server${at} closes the connection: check the URL and port`;
  }
  if (/HTTP 429/.test(e)) {
    return ' — the provider rejects every call as rate-limited: lower --concurrency, set --rpm, or check your plan';
  }
  if (/invalid response|<html|<!doctype/i.test(e)) {
    return ` — the server${at} does not answer with the provider's API (a web page?): check the base URL (it often ends in /v1)`;
  }
  if (stop.kind === 'timeout') return ` — no reply in time${at}: check the server, or raise --timeout`;
  if (/HTTP 5\d\d/.test(e)) return ' — the provider keeps failing: try again later';
  return '';
}
