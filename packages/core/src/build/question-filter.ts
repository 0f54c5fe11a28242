import { z } from 'zod';
import type { ModelPart } from '../judge/judge-model.js';
import { fillTemplate } from '../judge/judge-prompt-templates.js';
import type { Checked } from './ask-structured.js';
import type { BuildImage } from './build-inputs.js';
import { taskLine } from './build-template.js';
import { type Candidate, ProposedQuestion } from './candidates.js';
import { namesEntity } from './entity-names.js';
import { FILTER_PROMPT, FILTER_REQUIREMENTS, type FilterRequirement } from './prompts/filter-prompt.js';
import { filterKey } from './step-keys.js';
import { zodProblems } from './zod-problems.js';

export const FilterJudgement = z.object({
  id: z.string().min(1),
  passes: z.boolean(),
  failed: z.array(z.enum(FILTER_REQUIREMENTS)),
  reason: z.string(),
});
export type FilterJudgement = z.infer<typeof FilterJudgement>;

export const FilterReply = z.object({
  judgements: z.array(FilterJudgement),
  pick: z.string().nullable(),
  pick_reason: z.string(),
  boilerplate: z.boolean(),
  proposals: z.array(ProposedQuestion).default([]),
});
export type FilterReply = z.infer<typeof FilterReply>;

/** A rejection made without the model: a question that names the entity fails `names_entity` by itself. */
export function lexicalRejection(candidate: Candidate, image: BuildImage): FilterJudgement | undefined {
  const named = namesEntity(candidate.question, image);
  if (named === undefined) return undefined;
  return {
    id: candidate.id,
    passes: false,
    failed: ['names_entity'],
    reason: `names the subject ("${named}") instead of referring to it through the image`,
  };
}

export function filterPrompt(
  image: BuildImage,
  round: number,
  candidates: readonly Candidate[],
  imagePart?: ModelPart,
): { system: string; user: ModelPart[] } {
  const text = fillTemplate(FILTER_PROMPT.user, {
    entity: image.entity,
    domain: image.domain,
    questions: candidates.map((c) => `- ${c.id}: ${c.question}`).join('\n'),
    task: taskLine(filterKey(image.id, round)),
  });
  return {
    system: FILTER_PROMPT.system,
    user: imagePart ? [imagePart, { type: 'text', text }] : [{ type: 'text', text }],
  };
}

/**
 * Schema, then the rules: every question judged once, a failure names what it fails and why, the
 * pick is a passing question (null only when none passes), and new candidates are proposed when
 * nothing passes or the pick is boilerplate.
 */
export function checkFilterReply(reply: unknown, ids: readonly string[]): Checked<FilterReply> {
  const parsed = FilterReply.safeParse(reply);
  if (!parsed.success) return { problems: zodProblems(parsed.error) };
  const r = parsed.data;
  const problems: string[] = [];
  const judged = new Map<string, FilterJudgement>();
  for (const j of r.judgements) {
    if (!ids.includes(j.id)) problems.push(`judgements names "${j.id}", which is not one of the questions`);
    else if (judged.has(j.id)) problems.push(`"${j.id}" is judged twice`);
    judged.set(j.id, j);
    if (!j.passes && j.failed.length === 0) problems.push(`"${j.id}" fails but names no requirement in "failed"`);
    if (j.passes && j.failed.length > 0) problems.push(`"${j.id}" passes but lists failed requirements`);
    if (!j.passes && j.reason.trim() === '') problems.push(`"${j.id}" is rejected without a reason`);
  }
  for (const id of ids) if (!judged.has(id)) problems.push(`"${id}" has no judgement`);
  const passing = r.judgements.filter((j) => j.passes).map((j) => j.id);
  if (r.pick !== null && !passing.includes(r.pick)) problems.push(`pick "${r.pick}" is not a passing question`);
  if (r.pick === null && passing.length > 0) problems.push('pick one of the passing questions');
  if ((r.pick === null || r.boilerplate) && r.proposals.length === 0) {
    problems.push('propose new candidates: none passes or the pick is boilerplate');
  }
  return problems.length ? { problems } : { value: r };
}

export type { FilterRequirement };
