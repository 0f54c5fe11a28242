import { z } from 'zod';
import { Verdict } from '../../schema/ids.js';

/** Bump when a prompt's wording changes: it is part of every call's cache key. */
export const RAG_PROMPT_VERSION = 'v1';

export const RAG_SYSTEM = [
  'You grade answers of a question-answering agent over a company wiki.',
  'Judge only from the texts you are given; do not use outside knowledge.',
  'Texts may be in Korean or English; treat wording differences (e.g. "15분 이내" and "15분 안에") as the same.',
  'Reply with one JSON object following the given schema, nothing else.',
].join(' ');

export const ClaimsReply = z.object({
  claims: z.array(
    z.object({
      sentence: z.number().int().min(1),
      text: z.string().min(1),
      key: z.boolean(),
    }),
  ),
});

export const AbstentionReply = z.object({ abstained: z.boolean(), correct: z.boolean(), reason: z.string() });

export const FactsReply = z.object({
  facts: z.array(z.object({ id: z.string(), verdict: Verdict, quote: z.string().nullable(), reason: z.string() })),
});

export const SupportReply = z.object({
  claims: z.array(
    z.object({
      index: z.number().int().min(1),
      supported: z.boolean(),
      contradicted: z.boolean(),
      location: z.string().nullable(),
      reason: z.string(),
    }),
  ),
});

export const CitationReply = z.object({ supports: z.boolean(), location: z.string().nullable(), reason: z.string() });

const numbered = (xs: readonly string[]) => xs.map((x, i) => `[${i + 1}] ${x}`).join('\n');

export function claimsPrompt(question: string, sentences: readonly string[]): string {
  return [
    `Question:\n${question}`,
    `Answer, one sentence per line:\n${numbered(sentences)}`,
    'List the factual claims the answer makes: each a short self-contained statement, with the number of the sentence it comes from.',
    'A sentence that only says the information could not be found makes no claim. Mark a claim "key" when it answers the question itself rather than adding background.',
  ].join('\n\n');
}

export function abstentionPrompt(opts: {
  question: string;
  answerable: boolean;
  gold: string;
  answer: string;
}): string {
  return [
    `Question:\n${opts.question}`,
    opts.answerable ? `Reference answer:\n${opts.gold}` : 'The wiki does not contain the answer to this question.',
    `Answer to grade:\n${opts.answer}`,
    '"abstained": the answer declines to answer (says it cannot find or confirm the information) instead of answering.',
    opts.answerable
      ? '"correct": the answer agrees with the reference answer on everything the question asks.'
      : '"correct": the answer abstains and states no made-up answer.',
  ].join('\n\n');
}

export function factsPrompt(opts: {
  question: string;
  answer: string;
  facts: readonly { id: string; fact: string; values: readonly string[] }[];
}): string {
  const facts = opts.facts
    .map((f) => `- ${f.id}: ${f.fact}${f.values.length ? ` (exact values: ${f.values.join(', ')})` : ''}`)
    .join('\n');
  return [
    `Question:\n${opts.question}`,
    `Answer:\n${opts.answer}`,
    `Required facts:\n${facts}`,
    'For every fact give a verdict: "meets" (the answer states it, in any wording), "partially_meets" (directionally right but imprecise or incomplete), "missing" (not addressed, including "I don\'t know"), "contradicts" (the answer states something incompatible: another value, date, entity, or the negation).',
    'Quote the part of the answer you relied on, or null.',
  ].join('\n\n');
}

export function supportPrompt(opts: {
  question: string;
  claims: readonly string[];
  evidence: readonly { pageId: string; location: string; text: string }[];
}): string {
  const evidence = opts.evidence
    .map((e) => `<page id="${e.pageId}" at="${e.location}">\n${e.text}\n</page>`)
    .join('\n');
  return [
    `Question:\n${opts.question}`,
    `Retrieved wiki passages:\n${evidence || '(none)'}`,
    `Claims:\n${numbered(opts.claims)}`,
    'For every claim (by its number) say whether the passages support it, and whether they contradict it. Give the supporting location as "<page id> <at>" or null, and on failure the reason.',
  ].join('\n\n');
}

export function citationPrompt(opts: {
  claim: string;
  pageId: string;
  passages: readonly { location: string; text: string }[];
}): string {
  const passages = opts.passages.map((p) => `<passage at="${p.location}">\n${p.text}\n</passage>`).join('\n');
  return [
    `Claim:\n${opts.claim}`,
    `The relevant part of the cited page ${opts.pageId}:\n${passages || '(empty page)'}`,
    'Does this part of the page support the claim? Give the supporting location (the passage\'s "at" or a short quote) or null, and on failure the reason.',
  ].join('\n\n');
}

export const GoldClaimsReply = z.object({ claims: z.array(z.string().min(1)) });

export const EntailReply = z.object({
  labels: z.array(
    z.object({ index: z.number().int().min(1), label: z.enum(['Entailment', 'Neutral', 'Contradiction']) }),
  ),
});

export function goldClaimsPrompt(question: string, gold: string): string {
  return [
    `Question:\n${question}`,
    `Reference answer:\n${gold}`,
    'Split the reference answer into short, self-contained factual claims.',
  ].join('\n\n');
}

export function entailPrompt(opts: { reference: string; claims: readonly string[] }): string {
  return [
    `Reference text:\n${opts.reference || '(empty)'}`,
    `Claims:\n${numbered(opts.claims)}`,
    'For every claim (by its number) label its relation to the reference text: "Entailment" (the text states or implies it), "Contradiction" (the text states something incompatible), or "Neutral" (the text does not say).',
  ].join('\n\n');
}
