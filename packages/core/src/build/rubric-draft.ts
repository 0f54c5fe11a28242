import { z } from 'zod';
import type { ModelPart } from '../judge/judge-model.js';
import { fillTemplate } from '../judge/judge-prompt-templates.js';
import { parseMetaRubric } from '../rubric/parse-meta-rubric.js';
import type { MetaItem, MetaRubric } from '../schema/meta-rubric.js';
import type { Checked } from './ask-structured.js';
import { taskLine } from './build-template.js';
import { META_RUBRIC_GUIDE, RUBRIC_PROMPT } from './prompts/rubric-prompt.js';
import { zodProblems } from './zod-problems.js';

/** A fetched document as the rubric steps show it to the model: by a short id, with its text and hash. */
export interface EvidenceDocument {
  id: string;
  url: string;
  title: string;
  text: string;
  content_hash: string;
}

/** A snippet with its provenance: the exact text at [start, end) of the document whose hash it names. */
export interface GroundedSnippet {
  id: string;
  document: string;
  url: string;
  title: string;
  text: string;
  start: number;
  end: number;
  content_hash: string;
}

/** What the selected question brings to its rubric. */
export interface RubricQuestion {
  question_id: string;
  question: string;
  language: string;
  entity: string;
  domain: string;
  popularity: string;
  image?: string;
  text_only_question?: string;
}

export const CitedSnippet = z.object({
  id: z.string().regex(/^S\d+$/, 'snippet ids are S1, S2, …'),
  document: z.string().min(1),
  text: z.string().min(1),
});

export const RubricReply = z.object({
  snippets: z.array(CitedSnippet).min(1),
  items: z.array(z.record(z.string(), z.unknown())).min(1),
});

/** Where a cited passage is in a document (its text as the document has it), or why it is not there. */
export type LocatePassage = (
  doc: EvidenceDocument,
  passage: string,
) => { start: number; end: number; text: string } | { reason: string };

/** Word for word only; the CLI passes the search package's locator, which also forgives spacing and quotes. */
export const exactPassage: LocatePassage = (doc, passage) => {
  const start = doc.text.indexOf(passage);
  return start === -1
    ? { reason: `the passage is not in ${doc.id} word for word` }
    : { start, end: start + passage.length, text: passage };
};

export interface GroundedRubric {
  meta: MetaRubric;
  evidence: GroundedSnippet[];
}

export function documentsText(documents: readonly EvidenceDocument[]): string {
  return documents.map((d) => `[${d.id}] ${d.title} (${d.url})\n${d.text}`).join('\n\n');
}

export function rubricPrompt(
  q: RubricQuestion,
  documents: readonly EvidenceDocument[],
  key: string,
): { system: string; user: ModelPart[] } {
  const system = fillTemplate(RUBRIC_PROMPT.system, { guide: META_RUBRIC_GUIDE });
  const text = fillTemplate(RUBRIC_PROMPT.user, {
    language: q.language,
    question: q.question,
    entity: q.entity,
    documents: documentsText(documents),
    task: taskLine(key),
  });
  return { system, user: [{ type: 'text', text }] };
}

/**
 * Locates each cited snippet in its document (word for word) and validates the meta-rubric the
 * reply lays out against the meta-rubric schema and rules; every item must cite evidence. Any
 * problem goes back to the model.
 */
export function groundRubric(
  reply: { snippets: z.infer<typeof CitedSnippet>[]; items: unknown[] },
  q: RubricQuestion,
  documents: readonly EvidenceDocument[],
  locate: LocatePassage = exactPassage,
): Checked<GroundedRubric> {
  const problems: string[] = [];
  const evidence: GroundedSnippet[] = [];
  for (const s of reply.snippets) {
    const doc = documents.find((d) => d.id === s.document);
    if (doc === undefined) {
      problems.push(
        `snippet ${s.id} cites document "${s.document}", which is not one of ${documents.map((d) => d.id).join(', ')}`,
      );
      continue;
    }
    const found = locate(doc, s.text);
    if ('reason' in found) {
      problems.push(`snippet ${s.id}: ${found.reason}; copy the passage exactly`);
      continue;
    }
    const { start, end, text } = found;
    evidence.push({
      id: s.id,
      document: doc.id,
      url: doc.url,
      title: doc.title,
      text,
      start,
      end,
      content_hash: doc.content_hash,
    });
  }
  const input = {
    question_id: q.question_id,
    question: q.question,
    language: q.language,
    ...(q.image !== undefined && { image: q.image }),
    ...(q.text_only_question !== undefined && { text_only_question: q.text_only_question }),
    entity: q.entity,
    domain: q.domain,
    popularity: q.popularity,
    // The released snippet text is the document's own wording at the located offsets.
    snippets: evidence.map((e) => ({ id: e.id, url: e.url, title: e.title, text: e.text })),
    items: reply.items,
  };
  const parsed = parseMetaRubric(input, { question: q.question_id });
  if (parsed.issues)
    problems.push(...parsed.issues.map((i) => `${i.path ? `${i.path}: ` : ''}${i.message} [${i.rule}]`));
  else
    for (const item of parsed.value.items) if (!citesEvidence(item)) problems.push(`item ${item.id} cites no snippet`);
  if (problems.length || !parsed.value) return { problems };
  return { value: { meta: parsed.value, evidence } };
}

export function checkRubricReply(
  reply: unknown,
  q: RubricQuestion,
  documents: readonly EvidenceDocument[],
  locate: LocatePassage = exactPassage,
): Checked<GroundedRubric> {
  const parsed = RubricReply.safeParse(reply);
  if (!parsed.success) return { problems: zodProblems(parsed.error) };
  return groundRubric(parsed.data, q, documents, locate);
}

/** Whether an item, or any of its members, steps or aspects, cites a snippet. */
export function citesEvidence(item: MetaItem): boolean {
  if (item.snippets?.length) return true;
  const parts: Array<{ snippets?: readonly string[] | undefined }> =
    item.type === 'strict_list' || item.type === 'flexible_list'
      ? item.members
      : item.type === 'process'
        ? item.steps
        : item.type === 'relationship'
          ? item.aspects
          : [];
  return parts.some((p) => (p.snippets?.length ?? 0) > 0);
}
