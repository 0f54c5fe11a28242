import type { JudgeModel } from '../judge/judge-model.js';
import { PROMPT_TEMPLATES } from '../judge/judge-prompt-templates.js';
import { hashCanonical } from '../schema/canonical.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { Setting } from '../schema/ids.js';
import type { MetaRubric } from '../schema/meta-rubric.js';
import type { RunConfig } from '../schema/run-config.js';
import { resolveScoreParams, type ScoreParams } from '../score/params.js';
import { planQuestionSettings, type QuestionToAsk } from './answer-questions.js';
import { hashConfigParts } from './config-hash.js';
import type { AnswerToJudge } from './judge-answers.js';
import type { ManifestBase } from './run-evaluation.js';

/** What a run config decides before anything is stored: the questions, the hashed parts, the manifest. */
export interface RunConfigPlan {
  questions: QuestionToAsk[];
  configParts: Record<string, string>;
  manifest: ManifestBase;
  params: ScoreParams;
}

/** Hash of each prompt template by `name@version`: a changed template is a changed run. */
export function promptTemplateHashes(): Record<string, string> {
  const templates: Record<string, string> = {};
  for (const t of PROMPT_TEMPLATES) templates[`${t.name}@${t.version}`] = t.sha256;
  return templates;
}

/**
 * The plan of a `gamut run` config over its dataset. A dataset that cannot be
 * asked in the settings named throws here, before the run reserves anything.
 * `images`: the image of each question as the caller resolved it (a path or URL).
 */
export function planRunConfig(o: {
  config: RunConfig;
  metas: readonly MetaRubric[];
  rubrics: readonly CompiledRubric[];
  images: ReadonlyMap<string, string>;
  givenAnswers: readonly AnswerToJudge[];
  toolkitVersion: string;
}): RunConfigPlan {
  const { config, givenAnswers } = o;
  const questions: QuestionToAsk[] = o.metas.map((meta) => {
    const image = o.images.get(meta.question_id);
    return {
      questionId: meta.question_id,
      question: meta.question,
      ...(meta.text_only_question !== undefined && { textOnlyQuestion: meta.text_only_question }),
      ...(image !== undefined && { image: { data: image } }),
    };
  });
  const plan =
    config.models.length > 0 ? planQuestionSettings(questions, config.settings) : new Map<string, Setting[]>();
  const params = resolveScoreParams({ lambda: config.lambda, mu: config.mu, weights: config.weights });
  const templates = promptTemplateHashes();
  const rubricHashes = o.rubrics.map((r) => [r.question_id, r.rubric_hash] as const);
  const { configParts } = hashConfigParts({
    dataset: o.metas,
    rubrics: rubricHashes,
    models: config.models,
    answers: givenAnswers,
    judges: config.judges,
    settings: config.settings ?? null,
    system_prompt: config.system_prompt ?? null,
    templates,
  });
  const manifest: ManifestBase = {
    toolkit_version: o.toolkitVersion,
    dataset_hash: hashCanonical(o.metas),
    rubric_hashes: Object.fromEntries(rubricHashes),
    models: [...config.models.map((m) => m.name ?? m.spec), ...new Set(givenAnswers.map((a) => a.model))],
    settings: [...new Set([...[...plan.values()].flat(), ...givenAnswers.map((a) => a.setting)])].sort(),
    judges: config.judges.map((j) => ({ spec: j.spec, parameters: { batched: j.batched === true } })),
    prompt_templates: templates,
    lambda: params.lambda,
    mu: params.mu,
    weights: { ...params.weights },
    seed: config.seed,
  };
  return { questions, configParts, manifest, params };
}

/** Per-model temperature and output limit from the config, applied to every call of that model. */
export function withCallDefaults(
  model: JudgeModel,
  m: { temperature?: number | undefined; max_output_tokens?: number | undefined },
): JudgeModel {
  if (m.temperature === undefined && m.max_output_tokens === undefined) return model;
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    endpoint: model.endpoint,
    doGenerate: (options) =>
      model.doGenerate({
        ...options,
        ...(m.temperature !== undefined && { temperature: m.temperature }),
        ...(m.max_output_tokens !== undefined && { maxOutputTokens: m.max_output_tokens }),
      }),
  };
}
