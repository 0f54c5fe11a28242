import { hashCanonical } from '../schema/canonical.js';
import { VERDICTS } from '../schema/ids.js';
import { VERDICT_DEFINITIONS } from './judge-prompt-verdicts.js';

const MENU = VERDICTS.join(', ');

const INSTRUCTIONS = `You grade one answer to a question against binary checks written by experts. You are strict, literal and fair.

Verdicts, and what each means:
${VERDICT_DEFINITIONS}

Rules:
- Judge only what the answer says. Do not use your own knowledge to fill gaps, and do not reward length, style or confidence.
- Credit any wording that states what the check asks: synonyms, paraphrases, translations and equivalent units count.
- Choose \`contradicts\` only when the answer asserts something incompatible with the check, not when it merely omits it.
- \`quote\` is the shortest span of the answer, copied exactly, that your verdict rests on; null when the answer has nothing relevant.`;

/** Text pieces of the per-check judge prompt; `{name}` marks a slot. */
const CHECK_TEMPLATE = {
  system: `${INSTRUCTIONS}

Reply with a JSON object only: {"rationale": string, "quote": string or null, "verdict": one of ${MENU}}.`,
  korean:
    'The question, the answer and the check are in Korean. Read them as Korean; the rationale may be written in Korean, and the quote must be copied from the answer exactly as written.',
  question: '# Question\n{question}',
  image: '(The image the question refers to is attached.)',
  answer: '# Answer to grade\n<answer>\n{answer}\n</answer>',
  check: '# Check\n{text}{guidance}\n\nGrade the answer above against this check only.',
  threshold:
    '\nCount the listed options the answer mentions: at least {min} is `meets`. Naming something outside the list neither helps nor hurts.',
  sequence: '\nThe steps must appear in the answer in the order listed.',
  retry: 'Your previous reply could not be used: {error}. Reply again with only the JSON object.',
} as const;

const BATCH_TEMPLATE = {
  system: `${INSTRUCTIONS}

You will be given several checks, each with an id. Grade the answer against each check independently.
Reply with a JSON object only: {"verdicts": [{"check_id": string, "rationale": string, "quote": string or null, "verdict": one of ${MENU}}]}, one entry per check id, each id exactly once.`,
  korean: CHECK_TEMPLATE.korean,
  question: CHECK_TEMPLATE.question,
  image: CHECK_TEMPLATE.image,
  answer: CHECK_TEMPLATE.answer,
  checks: '# Checks\n{checks}',
  check: '[{id}] {text}{guidance}',
  threshold: CHECK_TEMPLATE.threshold,
  sequence: CHECK_TEMPLATE.sequence,
  retry: CHECK_TEMPLATE.retry,
} as const;

export interface PromptTemplate<T> {
  name: string;
  version: number;
  /** SHA-256 of the canonical JSON of the template text: any edit changes it (and the cache key). */
  sha256: string;
  /** `<name>@<sha256>`, passed to the model call as `promptTemplate`. */
  ref: string;
  text: T;
}

function template<T>(name: string, version: number, text: T): PromptTemplate<T> {
  const sha256 = hashCanonical({ name, version, text });
  return Object.freeze({ name, version, sha256, ref: `${name}@${sha256}`, text });
}

export const CHECK_PROMPT = template('gamut-judge-check', 1, CHECK_TEMPLATE);
export const BATCH_PROMPT = template('gamut-judge-batch', 1, BATCH_TEMPLATE);

/** Every judge prompt template, for run manifests. */
export const PROMPT_TEMPLATES: readonly { name: string; version: number; sha256: string }[] = [
  CHECK_PROMPT,
  BATCH_PROMPT,
].map(({ name, version, sha256 }) => ({ name, version, sha256 }));

export function fillTemplate(text: string, slots: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in slots ? String(slots[key]) : whole));
}
