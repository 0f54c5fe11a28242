import { type CompiledRubric, InputError, type Issue } from '@gamut/core';
import { type LoadedRubrics, loadRubrics } from './load-judge-inputs.js';

/**
 * The compiled rubrics of `rubrics:` in place of the dataset's own compilation, in the dataset's
 * order. Each must be compiled from the same meta-rubric (its rubric hash is the dataset's), so a
 * build release's rubrics with the reviewers' edits grade exactly the questions they were made for.
 */
export async function compiledInstead(file: string, own: readonly CompiledRubric[]): Promise<CompiledRubric[]> {
  const given = await loadRubrics(file);
  if (given.metas !== null) {
    throw new InputError({
      rule: 'rubrics-not-compiled',
      file,
      message: 'rubrics: names meta-rubrics; it takes compiled rubrics (as gamut compile or gamut build release write)',
    });
  }
  const byId = new Map(given.compiled.map((r) => [r.question_id, r]));
  const issues: Issue[] = [];
  const out: CompiledRubric[] = [];
  for (const r of own) {
    const instead = byId.get(r.question_id);
    if (instead === undefined) {
      issues.push({ rule: 'rubric-missing', file, item: r.question_id, message: `no rubric for ${r.question_id}` });
    } else if (instead.rubric_hash !== r.rubric_hash) {
      issues.push({
        rule: 'rubric-mismatch',
        file,
        item: r.question_id,
        message: `the rubric of ${r.question_id} was compiled from another meta-rubric than the dataset's (rubric hash ${instead.rubric_hash.slice(0, 12)}…, the dataset's ${r.rubric_hash.slice(0, 12)}…)`,
      });
    } else out.push(instead);
    byId.delete(r.question_id);
  }
  for (const id of byId.keys()) {
    issues.push({ rule: 'rubric-unknown', file, item: id, message: `${id} is not a question of the dataset` });
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

/** Puts the compiled rubrics of `rubrics:` in place of the dataset's: the rubrics stored and the checks judged. */
export async function gradeCompiledInstead(file: string, dataset: LoadedRubrics): Promise<void> {
  dataset.compiled = await compiledInstead(file, dataset.compiled);
  for (const r of dataset.compiled) {
    const target = dataset.targets.get(r.question_id);
    if (target !== undefined) dataset.targets.set(r.question_id, { ...target, checks: r.checks });
  }
}
