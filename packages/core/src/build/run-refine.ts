import { askStructured } from './ask-structured.js';
import type { BuildState, StepRun } from './build-state.js';
import { REFINE_PROMPT } from './prompts/rubric-prompt.js';
import { replyJsonSchema } from './reply-json-schema.js';
import { coverageFlags, type SnippetFinding } from './rubric-audit.js';
import type { EvidenceDocument } from './rubric-draft.js';
import {
  checkRefineReply,
  type RefineProduced,
  RefineReply,
  type RubricProduced,
  refinePrompt,
} from './rubric-refine.js';
import { asEvidence, gatherDocuments, keepRubricStep, producedRubric, type RubricTools } from './run-rubrics.js';
import { refineKey, rubricKey } from './step-keys.js';
import type { StepRecord } from './step-records.js';

/**
 * `gamut build refine`: for every drafted rubric not yet refined, the audit (each snippet's
 * source fetched again and the text looked for at its offsets), coverage flags, an independent
 * search from scratch, and the rebuilt meta-rubric, which must be a verified superset of the draft.
 */
export async function runRefineSteps(run: StepRun, tools: RubricTools): Promise<StepRecord[]> {
  const { build } = run;
  const todo = refinePasses(build);
  run.progress.plan(todo.length);
  const done: StepRecord[] = [];
  for (const { pass, base: draft } of todo) {
    const q = draft.question;
    const key = refineKey(q.question_id, pass);
    const audit: SnippetFinding[] = [];
    for (const s of draft.evidence) audit.push({ snippet: s.id, ...(await tools.audit(s)) } as SnippetFinding);
    const flags = coverageFlags(draft.meta);
    // The draft's sources as fetched again, then what a new search from scratch finds.
    const known: EvidenceDocument[] = [];
    for (const d of draft.documents) {
      try {
        known.push(asEvidence(await tools.search.fetch(d.url), known.length + 1));
      } catch {
        // A source that is gone is already a vanished snippet in the audit.
      }
    }
    const query = q.entity;
    const gathered = await gatherDocuments(tools.search, query, build.config.search_results, known);
    const { documents } = gathered;
    const result = await askStructured({
      model: tools.model.model,
      template: REFINE_PROMPT,
      ...refinePrompt(q, draft.meta, audit, flags, documents, key),
      schema: { name: 'meta_rubric', schema: replyJsonSchema(RefineReply) },
      check: (reply) => checkRefineReply(reply, q, documents, draft.meta, audit, tools.locate),
      maxAttempts: build.config.max_attempts,
      seed: build.config.seed,
      account: tools.model.account,
    });
    const produced: RefineProduced | null =
      result.status === 'ok'
        ? {
            ...producedRubric(q, query, gathered, result.value, tools.sha256Hex),
            audit,
            flags,
            dropped: result.value.dropped,
            base_rubric_hash: draft.rubric_hash,
          }
        : null;
    const head = { key, step: 'refine' as const, subject: q.question_id, template: REFINE_PROMPT.ref };
    done.push(await keepRubricStep(run, tools, head, result, produced));
  }
  return done;
}

/**
 * The refinements due: the first of every drafted rubric; the second (over the first) of a
 * rubric people have edited since, as the second LLM pass before the second human round.
 */
export function refinePasses(build: BuildState): Array<{ pass: number; base: RubricProduced }> {
  const out: Array<{ pass: number; base: RubricProduced }> = [];
  for (const draft of build.records.values()) {
    if (draft.step !== 'rubric' || draft.status !== 'ok') continue;
    const first = build.records.get(refineKey(draft.subject, 1));
    if (first === undefined) out.push({ pass: 1, base: draft.produced as RubricProduced });
    else if (
      first.status === 'ok' &&
      !build.records.has(refineKey(draft.subject, 2)) &&
      build.edits.some((e) => e.question_id === draft.subject)
    ) {
      out.push({ pass: 2, base: first.produced as RubricProduced });
    }
  }
  return out;
}

/** The latest rubric of a question: its last refinement when there is one, else the draft. */
export function latestRubric(build: BuildState, questionId: string): RubricProduced | undefined {
  for (const key of [refineKey(questionId, 2), refineKey(questionId, 1), rubricKey(questionId)]) {
    const r = build.records.get(key);
    if (r?.status === 'ok') return r.produced as RubricProduced;
  }
  return undefined;
}
