import { InternalError } from '../issues/errors.js';
import type { ModelPart } from '../judge/judge-model.js';
import { askStructured } from './ask-structured.js';
import type { BuildImage } from './build-inputs.js';
import { type BuildModel, type BuildState, imageStates, keepStep, type StepRun, stepRecord } from './build-state.js';
import { CandidatesReply, candidatesPrompt, checkCandidatesReply } from './candidates.js';
import { CANDIDATES_PROMPT } from './prompts/candidates-prompt.js';
import { FILTER_PROMPT } from './prompts/filter-prompt.js';
import { checkFilterReply, FilterReply, filterPrompt } from './question-filter.js';
import {
  type CandidatesProduced,
  type FilterProduced,
  type ImageQuestions,
  withCandidateIds,
} from './question-rounds.js';
import { replyJsonSchema } from './reply-json-schema.js';
import type { StepRecord } from './step-records.js';

/**
 * Runs the question steps the model can take now (candidates for images that need them, the
 * filter over human-accepted questions) until every image waits for people or is settled;
 * each step is kept as it finishes.
 */
export async function runQuestionSteps(run: StepRun, model: BuildModel): Promise<ImageQuestions[]> {
  for (;;) {
    const states = imageStates(run.build);
    const pending = states.filter((s) => s.next.kind === 'generate' || s.next.kind === 'filter');
    if (pending.length === 0) return states;
    run.progress.plan(pending.length);
    for (const s of pending) await keepStep(run, await questionStep(run.build, model, s, run.now()));
  }
}

async function questionStep(build: BuildState, m: BuildModel, s: ImageQuestions, at: string): Promise<StepRecord> {
  const { image } = s;
  const imagePart = imagePartOf(image);
  const base = { subject: image.id, model: m.spec, at };
  const ask = { maxAttempts: build.config.max_attempts, seed: build.config.seed, account: m.account };
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
      ...ask,
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
    ...ask,
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
