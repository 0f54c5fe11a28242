import { z } from 'zod';

// Branded ids: a QuestionId cannot be passed where a CheckId is expected by mistake.
export const QuestionId = z.string().min(1).brand<'QuestionId'>();
export type QuestionId = z.infer<typeof QuestionId>;
export const ItemId = z.string().min(1).brand<'ItemId'>();
export type ItemId = z.infer<typeof ItemId>;
export const CheckId = z.string().min(1).brand<'CheckId'>();
export type CheckId = z.infer<typeof CheckId>;
export const SnippetId = z.string().min(1).brand<'SnippetId'>();
export type SnippetId = z.infer<typeof SnippetId>;
export const PageId = z.string().min(1).brand<'PageId'>();
export type PageId = z.infer<typeof PageId>;
export const FactId = z.string().min(1).brand<'FactId'>();
export type FactId = z.infer<typeof FactId>;
export const ModelName = z.string().min(1).brand<'ModelName'>();
export type ModelName = z.infer<typeof ModelName>;
export const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected a lowercase SHA-256 hex digest');
export const RubricHash = Sha256Hex.brand<'RubricHash'>();
export type RubricHash = z.infer<typeof RubricHash>;

export const Tier = z.enum(['answer_critical', 'valuable', 'context']);
export type Tier = z.infer<typeof Tier>;
export const TIERS: readonly Tier[] = Tier.options;

/** The canonical form of a BCP 47 language tag (`EN-us` → `en-US`), or undefined when it is not one. */
export function canonicalLanguage(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** The primary language subtag, lower case: `zh-Hant-TW` → `zh`. */
export function primaryLanguage(tag: string): string {
  return (tag.split('-')[0] ?? tag).toLowerCase();
}

/** Any BCP 47 language tag, stored in its canonical case (`pt-br` → `pt-BR`). */
export const Language = z
  .string()
  .min(1)
  .refine((tag) => canonicalLanguage(tag) !== undefined, {
    message: 'expected a BCP 47 language tag, e.g. "en", "ko", "ja", "pt-BR" or "zh-Hant-TW"',
  })
  .overwrite((tag) => canonicalLanguage(tag) ?? tag);
export type Language = z.infer<typeof Language>;

/**
 * How a question was put to the model: `multimodal` (with its image), `text_only` (the image
 * replaced by `text_only_question`) or `text` (a question that has no image at all).
 */
export const Setting = z.enum(['multimodal', 'text_only', 'text']);
export type Setting = z.infer<typeof Setting>;
export const SETTINGS: readonly Setting[] = Setting.options;

export const Verdict = z.enum(['meets', 'partially_meets', 'missing', 'contradicts']);
export type Verdict = z.infer<typeof Verdict>;
export const VERDICTS: readonly Verdict[] = Verdict.options;

/**
 * Why a judge gave no verdict: it refused or a safety filter blocked it, its
 * reply was unusable, the reply was cut at the output token limit, the
 * provider failed after retries, or no reply came in time.
 */
export const JudgeFailureKind = z.enum(['refusal', 'invalid_reply', 'cut_off', 'provider_error', 'timeout']);
export type JudgeFailureKind = z.infer<typeof JudgeFailureKind>;
