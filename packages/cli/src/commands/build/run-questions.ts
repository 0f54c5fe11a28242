import {
  askStructured,
  type BuildImage,
  CANDIDATES_PROMPT,
  type CandidatesProduced,
  CandidatesReply,
  candidatesPrompt,
  checkCandidatesReply,
  checkFilterReply,
  FILTER_PROMPT,
  type FilterProduced,
  FilterReply,
  filterPrompt,
  type ImageQuestions,
  InternalError,
  type ModelPart,
  questionRounds,
  replyJsonSchema,
  type StepRecord,
  withCandidateIds,
} from '@gamut/core';
import type { OpenBuild } from './build-dir.js';
import type { BuildModel } from './build-model.js';
import type { StepProgress } from './step-progress.js';
import { keepStep, stepRecord } from './step-record.js';

/** Every image's question state, replayed from the build's records and decisions. */
export function imageStates(build: OpenBuild): ImageQuestions[] {
  return build.images.map((image) =>
    questionRounds({ image, records: build.records, decisions: build.decisions, maxRounds: build.config.max_rounds }),
  );
}

/**
 * Runs the question steps the model can take now (candidates for images that need them, the
 * filter over human-accepted questions) until every image waits for people or is settled;
 * each step is appended to steps.jsonl as it finishes.
 */
export async function runQuestionSteps(
  build: OpenBuild,
  model: BuildModel,
  progress: StepProgress,
  now: () => string,
): Promise<ImageQuestions[]> {
  for (;;) {
    const states = imageStates(build);
    const pending = states.filter((s) => s.next.kind === 'generate' || s.next.kind === 'filter');
    if (pending.length === 0) return states;
    progress.plan(pending.length);
    for (const s of pending) {
      const record = await questionStep(build, model, s, now());
      await keepStep(build, progress, record);
    }
  }
}

async function questionStep(build: OpenBuild, m: BuildModel, s: ImageQuestions, at: string): Promise<StepRecord> {
  const { image } = s;
  const imagePart = imagePartOf(image);
  const base = { subject: image.id, model: m.spec, at };
  if (s.next.kind === 'generate') {
    const { key, round, discarded } = s.next;
    const count = build.config.candidates_per_image;
    const prompt = candidatesPrompt(image, round, { count, discarded, ...(imagePart && { imagePart }) });
    const result = await askStructured({
      model: m.model,
      template: CANDIDATES_PROMPT,
      ...prompt,
      schema: { name: 'candidates', schema: replyJsonSchema(CandidatesReply) },
      check: (reply) => checkCandidatesReply(reply, image, count),
      maxAttempts: build.config.max_attempts,
      seed: build.config.seed,
      account: m.account,
    });
    const produced: CandidatesProduced | null =
      result.status === 'ok' ? { candidates: withCandidateIds(image.id, round, 'generated', result.value) } : null;
    return stepRecord({ ...base, key, step: 'candidates', template: CANDIDATES_PROMPT.ref }, result, produced);
  }
  if (s.next.kind !== 'filter') throw new InternalError(`no model step for ${image.id}`);
  const { key, round, candidates } = s.next;
  const ids = candidates.map((c) => c.id);
  const result = await askStructured({
    model: m.model,
    template: FILTER_PROMPT,
    ...filterPrompt(image, round, candidates, imagePart),
    schema: { name: 'filter', schema: replyJsonSchema(FilterReply) },
    check: (reply) => checkFilterReply(reply, ids),
    maxAttempts: build.config.max_attempts,
    seed: build.config.seed,
    account: m.account,
  });
  const produced: FilterProduced | null =
    result.status === 'ok'
      ? { reply: result.value, proposals: withCandidateIds(image.id, round + 1, 'proposed', result.value.proposals) }
      : null;
  return stepRecord({ ...base, key, step: 'filter', template: FILTER_PROMPT.ref }, result, produced);
}

function imagePartOf(image: BuildImage): ModelPart | undefined {
  return image.image === undefined ? undefined : { type: 'image', data: image.image };
}
