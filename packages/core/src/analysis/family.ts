import type { CheckKind } from '../schema/index.js';

const FAMILY_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(gpt|o\d|chatgpt|davinci)|openai/i, 'openai'],
  [/claude|anthropic/i, 'anthropic'],
  [/gemini|gemma|palm|bard/i, 'google'],
  [/llama/i, 'meta'],
  [/qwen|qwq/i, 'alibaba'],
  [/mistral|mixtral|ministral|codestral/i, 'mistral'],
  [/deepseek/i, 'deepseek'],
  [/grok/i, 'xai'],
  [/command-|cohere|aya-/i, 'cohere'],
  [/exaone/i, 'lg'],
  [/hyperclova|hcx/i, 'naver'],
];

/** Provider prefixes of judge specs that name the family outright. */
const DIRECT: Readonly<Record<string, string>> = { openai: 'openai', anthropic: 'anthropic', google: 'google' };
/** Not a model at all: humans, the lexical baseline, stored labels, test doubles. */
const NO_FAMILY = new Set(['human', 'offline', 'labels', 'mock']);

/**
 * The provider family of a judge spec (`anthropic:claude-…`) or a model name
 * (`gpt-4.1`, `openai-compatible:qwen3@http://…`), for self-preference; null
 * when it cannot be told. `overrides` (name → family) wins over the guess.
 */
export function providerFamily(name: string, overrides: Readonly<Record<string, string>> = {}): string | null {
  const given = overrides[name];
  if (given !== undefined) return given;
  const colon = name.indexOf(':');
  const prefix = colon > 0 ? name.slice(0, colon) : '';
  if (NO_FAMILY.has(prefix) || NO_FAMILY.has(name)) return null;
  if (DIRECT[prefix]) return DIRECT[prefix] as string;
  const model = (colon > 0 ? name.slice(colon + 1) : name).split('@')[0] ?? '';
  for (const [re, family] of FAMILY_PATTERNS) if (re.test(model)) return family;
  return null;
}

const SUFFIX_KIND: ReadonlyArray<readonly [RegExp, CheckKind]> = [
  [/^fact$/, 'fact'],
  [/^m\d+$/, 'member'],
  [/^min\d+$/, 'threshold'],
  [/^o\d+$/, 'option'],
  [/^cov\d+$/, 'coverage'],
  [/^s\d+$/, 'step'],
  [/^seq$/, 'sequence'],
  [/^fullseq$/, 'full_sequence'],
  [/^entity\d*$/, 'related_entity'],
  [/^a\d+$/, 'aspect'],
  [/^(i\d+|insight\d*)$/, 'insight'],
];

/** A check's kind from the suffix the compiler gives its id (`I2.m1` → member); null when unknown. */
export function kindFromCheckId(checkId: string): CheckKind | null {
  const suffix = checkId.slice(checkId.lastIndexOf('.') + 1);
  for (const [re, kind] of SUFFIX_KIND) if (re.test(suffix)) return kind;
  return null;
}
