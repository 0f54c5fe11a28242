import type { FetchedDocument, SearchProvider } from '../ports/search.js';
import { compileMetaRubric } from '../rubric/compile-meta-rubric.js';
import { type AskResult, askStructured } from './ask-structured.js';
import { type BuildModel, type BuildSearch, keepStep, type StepRun, stepRecord } from './build-state.js';
import { RUBRIC_PROMPT } from './prompts/rubric-prompt.js';
import type { ImageQuestions } from './question-rounds.js';
import { replyJsonSchema } from './reply-json-schema.js';
import {
  checkRubricReply,
  type EvidenceDocument,
  type GroundedRubric,
  type RubricQuestion,
  RubricReply,
  rubricPrompt,
} from './rubric-draft.js';
import type { RubricProduced } from './rubric-refine.js';
import { rubricKey } from './step-keys.js';
import type { StepRecord } from './step-records.js';

/** The model and evidence tools of the rubric steps, and the hash compiled rubrics are named by. */
export interface RubricTools extends BuildSearch {
  model: BuildModel;
  sha256Hex: (s: string) => string;
}

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

export interface GatheredDocuments {
  documents: EvidenceDocument[];
  results: Array<{ url: string; rank: number; score: number | null }>;
}

/** Searches and fetches the documents shown to the model, as D1, D2, … after the `known` ones. */
export async function gatherDocuments(
  provider: SearchProvider,
  query: string,
  limit: number,
  known: readonly EvidenceDocument[] = [],
): Promise<GatheredDocuments> {
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

/** What a rubric step keeps of a grounded reply: the search, the documents without their text, the compiled hash. */
export function producedRubric(
  q: RubricQuestion,
  query: string,
  { documents, results }: GatheredDocuments,
  grounded: GroundedRubric,
  sha256Hex: (s: string) => string,
): RubricProduced {
  return {
    question: q,
    search: { query, results },
    documents: documents.map(({ id, url, title, content_hash }) => ({ id, url, title, content_hash })),
    meta: grounded.meta,
    evidence: grounded.evidence,
    rubric_hash: compileMetaRubric(grounded.meta, { sha256Hex }).rubric_hash,
  };
}

/** Keeps a rubric or refine step (the model's spec, the time) and returns its record. */
export async function keepRubricStep(
  run: StepRun,
  tools: RubricTools,
  head: Pick<StepRecord, 'key' | 'step' | 'subject' | 'template'>,
  result: AskResult<unknown>,
  produced: unknown,
): Promise<StepRecord> {
  const record = stepRecord({ ...head, model: tools.model.spec, at: run.now() }, result, produced);
  await keepStep(run, record);
  return record;
}

/** `gamut build rubrics`: for every selected question without one, evidence, a grounded draft, compiled. */
export async function runRubricSteps(
  run: StepRun,
  states: readonly ImageQuestions[],
  tools: RubricTools,
): Promise<StepRecord[]> {
  const { build } = run;
  const todo = states
    .map(rubricQuestion)
    .filter((q): q is RubricQuestion => q !== undefined && !build.records.has(rubricKey(q.question_id)));
  run.progress.plan(todo.length);
  const done: StepRecord[] = [];
  for (const q of todo) {
    const key = rubricKey(q.question_id);
    const query = q.text_only_question ?? `${q.entity} ${q.question}`;
    const gathered = await gatherDocuments(tools.search, query, build.config.search_results);
    const result = await askStructured({
      model: tools.model.model,
      template: RUBRIC_PROMPT,
      ...rubricPrompt(q, gathered.documents, key),
      schema: { name: 'meta_rubric', schema: replyJsonSchema(RubricReply) },
      check: (reply) => checkRubricReply(reply, q, gathered.documents, tools.locate),
      maxAttempts: build.config.max_attempts,
      seed: build.config.seed,
      account: tools.model.account,
    });
    const produced = result.status === 'ok' ? producedRubric(q, query, gathered, result.value, tools.sha256Hex) : null;
    const head = { key, step: 'rubric' as const, subject: q.question_id, template: RUBRIC_PROMPT.ref };
    done.push(await keepRubricStep(run, tools, head, result, produced));
  }
  return done;
}
