import { z } from 'zod';
import { EDIT_NEEDS, EDIT_OPS, type EditOp } from '../review/build-event-rules.js';
import { type Check, type CompiledRubric, PlainCheck } from '../schema/compiled-rubric.js';
import { Tier } from '../schema/ids.js';

/**
 * One reviewer's edit of a compiled check: reword, re-tier, delete an existing check, or add a
 * new one, each with a reason. Edits are an overlay over the compiled rubric, so a recompile keeps them.
 */
export const RubricEdit = z
  .object({
    question_id: z.string().min(1),
    op: z.enum(EDIT_OPS as [EditOp, ...EditOp[]]),
    check: z.string().min(1).optional().describe('The check edited (reword, retier, delete)'),
    text: z.string().min(1).optional().describe('The new wording (reword) or the new check (add)'),
    tier: Tier.optional().describe('The new tier (retier) or the tier of the new check (add)'),
    was: z
      .string()
      .optional()
      .describe('The check text the reviewer saw; when a recompile changed it, the edit is stale'),
    reason: z.string().min(1),
    author: z.string().min(1),
    at: z.string(),
  })
  .strict()
  .superRefine((e, ctx) => {
    for (const field of EDIT_NEEDS[e.op]) {
      if (e[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${e.op} needs "${field}"` });
    }
  });
export type RubricEdit = z.infer<typeof RubricEdit>;

export interface OverlayResult {
  rubric: CompiledRubric;
  applied: RubricEdit[];
  /** Edits of checks the recompiled rubric no longer has: shown, not applied. */
  stale: Array<{ edit: RubricEdit; reason: string }>;
}

/**
 * Applies a question's edits in order over its compiled rubric. An added check gets the id
 * `H<n>.fact` (n counting the adds); an edit naming a check that is no longer there, or whose
 * text is no longer what the reviewer saw, is stale: shown, not applied.
 */
export function applyOverlay(rubric: CompiledRubric, edits: readonly RubricEdit[]): OverlayResult {
  let checks: Check[] = [...rubric.checks];
  const applied: RubricEdit[] = [];
  const stale: OverlayResult['stale'] = [];
  let added = 0;
  for (const e of edits) {
    if (e.question_id !== rubric.question_id) continue;
    if (e.op === 'add') {
      added++;
      const item = `H${added}`;
      checks.push(
        PlainCheck.parse({
          id: `${item}.fact`,
          kind: 'fact',
          tier: e.tier ?? 'valuable',
          text: e.text,
          item,
          secondary: false,
          snippets: [],
        }),
      );
      applied.push(e);
      continue;
    }
    const at = checks.findIndex((c) => c.id === e.check);
    if (at === -1) {
      stale.push({ edit: e, reason: `check ${e.check} is no longer in the compiled rubric` });
      continue;
    }
    const c = checks[at] as Check;
    if (e.was !== undefined && e.was !== c.text) {
      stale.push({ edit: e, reason: `check ${e.check} now reads "${c.text}", not what the edit was made on` });
      continue;
    }
    if (e.op === 'delete') checks = checks.filter((_, i) => i !== at);
    else if (e.op === 'retier') checks[at] = { ...c, tier: e.tier ?? c.tier };
    else {
      // The judge's lexical matching reads `content`: a reworded check is about its new text.
      const { content: _was, ...rest } = c;
      checks[at] = { ...rest, text: e.text ?? c.text } as Check;
    }
    applied.push(e);
  }
  return { rubric: { ...rubric, checks }, applied, stale };
}
