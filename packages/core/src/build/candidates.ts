import { z } from 'zod';
import type { ModelPart } from '../judge/judge-model.js';
import { fillTemplate } from '../judge/judge-prompt-templates.js';
import type { Checked } from './ask-structured.js';
import type { BuildImage } from './build-inputs.js';
import { taskLine } from './build-template.js';
import { namesEntity } from './entity-names.js';
import { CANDIDATES_PROMPT, QUESTION_CRITERIA } from './prompts/candidates-prompt.js';
import { candidatesKey } from './step-keys.js';
import { zodProblems } from './zod-problems.js';

/** A question proposed for an image, by the model, a reviewer's revision or the filter. */
export interface Candidate {
  id: string;
  imageId: string;
  round: number;
  origin: 'generated' | 'revised' | 'proposed';
  question: string;
  textOnlyQuestion: string | null;
  /** The candidate a revision was made from. */
  parent: string | null;
}

export const ProposedQuestion = z.object({
  question: z.string().min(1),
  text_only_question: z.string().min(1),
});
export type ProposedQuestion = z.infer<typeof ProposedQuestion>;

export const CandidatesReply = z.object({ candidates: z.array(ProposedQuestion).min(1) });
export type CandidatesReply = z.infer<typeof CandidatesReply>;

/** A discarded candidate and why, shown to the model when an image's candidates are regenerated. */
export interface Discarded {
  question: string;
  reasons: string[];
}

/** The candidates call of one image and round: criteria as system, the image and the task as the user turn. */
export function candidatesPrompt(
  image: BuildImage,
  round: number,
  options: { count: number; discarded: readonly Discarded[]; imagePart?: ModelPart },
): { system: string; user: ModelPart[] } {
  const previous = options.discarded.length
    ? [
        'Reviewers discarded these earlier candidates; write different ones that avoid their problems:',
        ...options.discarded.map((d) => `- "${d.question}": ${d.reasons.join('; ')}`),
      ].join('\n')
    : '';
  const system = fillTemplate(CANDIDATES_PROMPT.system, {
    criteria: QUESTION_CRITERIA.map((c, i) => `${i + 1}. ${c}`).join('\n'),
  });
  const text = fillTemplate(CANDIDATES_PROMPT.user, {
    entity: image.entity,
    domain: image.domain,
    aliases: image.aliases.length ? `any of ${image.aliases.map((a) => `"${a}"`).join(', ')}` : 'any other name of it',
    count: options.count,
    language: languageName(image.language),
    previous,
    task: taskLine(candidatesKey(image.id, round)),
  }).replace(/\n{2,}/g, '\n');
  const user: ModelPart[] = options.imagePart ? [options.imagePart, { type: 'text', text }] : [{ type: 'text', text }];
  return { system, user };
}

/** Schema, then the rules a reply must keep: no candidate names the entity, none repeats another. */
export function checkCandidatesReply(reply: unknown, image: BuildImage, count: number): Checked<ProposedQuestion[]> {
  const parsed = CandidatesReply.safeParse(reply);
  if (!parsed.success) return { problems: zodProblems(parsed.error) };
  const problems: string[] = [];
  const list = parsed.data.candidates;
  if (list.length > count) problems.push(`give at most ${count} candidates, not ${list.length}`);
  const seen = new Set<string>();
  list.forEach((c, i) => {
    const named = namesEntity(c.question, image);
    if (named !== undefined)
      problems.push(`candidates[${i}].question names the subject ("${named}"); refer to it through the image`);
    const key = c.question.trim().toLowerCase();
    if (seen.has(key)) problems.push(`candidates[${i}] repeats an earlier candidate`);
    seen.add(key);
  });
  return problems.length ? { problems } : { value: list };
}

/** "Korean (ko)": the language named in English for the model, with its tag. */
function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}
