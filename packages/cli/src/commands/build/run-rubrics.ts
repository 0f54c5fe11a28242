import type { FetchedDocument, SearchProvider } from '@gamut/core';
import {
  askStructured,
  checkRubricReply,
  compileMetaRubric,
  type EvidenceDocument,
  type ImageQuestions,
  type LocatePassage,
  RUBRIC_PROMPT,
  type RubricProduced,
  type RubricQuestion,
  RubricReply,
  replyJsonSchema,
  rubricKey,
  rubricPrompt,
  type StepRecord,
} from '@gamut/core';
import type { OpenBuild } from './build-dir.js';
import type { BuildModel } from './build-model.js';
import type { StepProgress } from './step-progress.js';
import { keepStep, stepRecord } from './step-record.js';

/** The question a selected image brings to its rubric: id `q-<image id>`. */
export function rubricQuestion(s: ImageQuestions): RubricQuestion | undefined {
  if (s.next.kind !== 'selected') return undefined;
  const { image } = s;
  const c = s.next.candidate;
  return {
    question_id: `q-${image.id}`,
    question: c.question,
    language: image.language,
    entity: image.entity,
    domain: image.domain,
    popularity: image.popularity,
    ...(image.image !== undefined && { image: image.image }),
    ...(c.textOnlyQuestion !== null && { text_only_question: c.textOnlyQuestion }),
  };
}

/** Searches and fetches the documents shown to the model, as D1, D2, … */
export async function gatherDocuments(
  provider: SearchProvider,
  query: string,
  limit: number,
  known: readonly EvidenceDocument[] = [],
): Promise<{ documents: EvidenceDocument[]; results: Array<{ url: string; rank: number; score: number | null }> }> {
  const results = await provider.search(query, { limit });
  const documents = [...known];
  for (const r of results) {
    if (documents.some((d) => d.url === r.url)) continue;
    documents.push(asEvidence(await provider.fetch(r.url), documents.length + 1));
  }
  return { documents, results: results.map(({ url, rank, score }) => ({ url, rank, score })) };
}

export function asEvidence(doc: FetchedDocument, n: number): EvidenceDocument {
  return { id: `D${n}`, url: doc.url, title: doc.title, text: doc.text, content_hash: doc.content_hash };
}

/** `gamut build rubrics`: for every selected question without one, evidence, a grounded draft, compiled. */
export async function runRubricSteps(
  build: OpenBuild,
  states: readonly ImageQuestions[],
  tools: { model: BuildModel; search: SearchProvider; locate: LocatePassage; sha256Hex: (s: string) => string },
  progress: StepProgress,
  now: () => string,
): Promise<StepRecord[]> {
  const todo = states
    .map(rubricQuestion)
    .filter((q): q is RubricQuestion => q !== undefined && !build.records.has(rubricKey(q.question_id)));
  progress.plan(todo.length);
  const done: StepRecord[] = [];
  for (const q of todo) {
    const key = rubricKey(q.question_id);
    const query = q.text_only_question ?? `${q.entity} ${q.question}`;
    const { documents, results } = await gatherDocuments(tools.search, query, build.config.search_results);
    const result = await askStructured({
      model: tools.model.model,
      template: RUBRIC_PROMPT,
      ...rubricPrompt(q, documents, key),
      schema: { name: 'meta_rubric', schema: replyJsonSchema(RubricReply) },
      check: (reply) => checkRubricReply(reply, q, documents, tools.locate),
      maxAttempts: build.config.max_attempts,
      seed: build.config.seed,
      account: tools.model.account,
    });
    const produced: RubricProduced | null =
      result.status === 'ok'
        ? {
            question: q,
            search: { query, results },
            documents: documents.map(({ id, url, title, content_hash }) => ({ id, url, title, content_hash })),
            meta: result.value.meta,
            evidence: result.value.evidence,
            rubric_hash: compileMetaRubric(result.value.meta, { sha256Hex: tools.sha256Hex }).rubric_hash,
          }
        : null;
    const record = stepRecord(
      { key, step: 'rubric', subject: q.question_id, template: RUBRIC_PROMPT.ref, model: tools.model.spec, at: now() },
      result,
      produced,
    );
    await keepStep(build, progress, record);
    done.push(record);
  }
  return done;
}
