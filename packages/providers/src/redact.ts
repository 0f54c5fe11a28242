/**
 * Keys never reach what Gamut stores or prints: provider error messages, raw
 * bodies kept with judge failures and cached replies all pass through
 * `redactSecrets`. It replaces the keys Gamut was given (registered when a
 * model reads its key) and anything shaped like one, whoever echoed it.
 */
const REDACTED = '[REDACTED]';

// OpenAI `sk-…`/`sk-proj-…`, Anthropic `sk-ant-…`, Google `AIza…`, and any bearer token.
const SHAPES = /\b(?:sk-[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{30,})|\b[Bb]earer\s+[A-Za-z0-9._~+/=-]{8,}/g;

const known = new Set<string>();
let knownPattern: RegExp | undefined;

/** Remembers values that must never be shown (too short to be keys are ignored: they would blank ordinary words). */
export function registerSecrets(values: Iterable<string | undefined>): void {
  let added = false;
  for (const v of values) {
    const value = v?.trim();
    if (value === undefined || value.length < 8 || known.has(value)) continue;
    known.add(value);
    added = true;
  }
  if (added) knownPattern = new RegExp([...known].map(escapeRegExp).join('|'), 'g');
}

export function redactSecrets(text: string): string;
export function redactSecrets(text: string | undefined): string | undefined;
export function redactSecrets(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return text;
  let out = knownPattern === undefined ? text : text.replace(knownPattern, REDACTED);
  SHAPES.lastIndex = 0;
  if (SHAPES.test(out)) out = out.replace(SHAPES, (m) => (/^bearer/i.test(m) ? `Bearer ${REDACTED}` : REDACTED));
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
