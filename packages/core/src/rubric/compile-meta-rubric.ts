import { InputError, type Issue } from '../issues/index.js';
import type { Check, CompiledRubric, MetaItem, MetaRubric } from '../schema/index.js';
import { type CompileContext, compileContext } from './compile-context.js';
import { compileFact, compileMetaInsight } from './compile-fact.js';
import { compileFlexibleList, compileStrictList } from './compile-lists.js';
import { compileProcess } from './compile-process.js';
import { compileRelationship } from './compile-relationship.js';
import { type RubricHashOptions, rubricHash } from './rubric-hash.js';
import { CHECK_TEMPLATES, templateKey, templatesFor } from './templates/index.js';
import { validateMetaRubric } from './validate-meta-rubric.js';

export type CompileOptions = RubricHashOptions;

/**
 * SPEC §3: a parsed meta-rubric (from `parseMetaRubric`) to its flat list of
 * binary checks, in item order, with deterministic ids. Throws `InputError`
 * if the meta-rubric breaks a semantic rule, so no invalid rubric is produced.
 */
export function compileMetaRubric(meta: MetaRubric, options: CompileOptions = {}): CompiledRubric {
  const issues = validateMetaRubric(meta);
  if (issues.length) throw new InputError(issues);
  const ctx = compileContext(templatesFor(meta.language ?? 'en'), meta.entity);
  const checks: Check[] = [];
  for (const item of meta.items) for (const check of compileItem(item, ctx)) checks.push(check);
  // Assigned one by one, not spread: absent fields stay absent, checks come last, and bulk compiles run this often.
  const compiled = { question_id: meta.question_id, rubric_hash: rubricHash(meta, options) } as CompiledRubric;
  if (meta.language !== undefined) compiled.language = meta.language;
  if (meta.domain !== undefined) compiled.domain = meta.domain;
  if (meta.popularity !== undefined) compiled.popularity = meta.popularity;
  compiled.question = meta.question;
  if (meta.text_only_question !== undefined) compiled.text_only_question = meta.text_only_question;
  if (meta.image !== undefined) compiled.image = meta.image;
  if (meta.entity !== undefined) compiled.entity = meta.entity;
  compiled.checks = checks;
  return compiled;
}

/** A compiled rubric and what the user should know about how it was compiled. */
export interface CompileResult {
  rubric: CompiledRubric;
  /** E.g. a language without check templates of its own, worded in English. */
  warnings: Issue[];
}

/** `compileMetaRubric`, with the warnings the CLI prints (compilation still succeeds). */
export function compileWithWarnings(meta: MetaRubric, options: CompileOptions = {}): CompileResult {
  const rubric = compileMetaRubric(meta, options);
  const warnings: Issue[] = [];
  const language = meta.language ?? 'en';
  if (templateKey(language) === undefined) {
    warnings.push({
      rule: 'language-fallback',
      question: meta.question_id,
      path: 'language',
      message: `no check templates for language "${language}": its checks are worded in English (templates exist for ${TEMPLATE_LANGUAGES})`,
    });
  }
  return { rubric, warnings };
}

const TEMPLATE_LANGUAGES = Object.keys(CHECK_TEMPLATES)
  .filter((k) => !k.includes('-'))
  .join(', ');

export function compileItem(item: MetaItem, ctx: CompileContext): Check[] {
  switch (item.type) {
    case 'fact':
      return compileFact(item, ctx);
    case 'strict_list':
      return compileStrictList(item, ctx);
    case 'flexible_list':
      return compileFlexibleList(item, ctx);
    case 'process':
      return compileProcess(item, ctx);
    case 'relationship':
      return compileRelationship(item, ctx);
    case 'meta_insight':
      return compileMetaInsight(item, ctx);
  }
}
