import { OFFLINE_JUDGE_ID, OFFLINE_JUDGE_LABEL } from '../judge/offline/judge-offline.js';
import { DEFAULT_OFFLINE_OPTIONS } from '../judge/offline/term-coverage.js';
import type { RunStore } from '../ports/store.js';
import { hashCanonical } from '../schema/canonical.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { Verdict } from '../schema/ids.js';
import type { MetaRubric } from '../schema/meta-rubric.js';
import { DEFAULT_SCORE_PARAMS } from '../score/params.js';
import type { AnswerToJudge } from './judge-answers.js';
import type { ManifestBase } from './run-evaluation.js';

/** Bootstrap seed of the demo: the same data always prints the same intervals (and `gamut score` agrees). */
export const DEMO_SEED = 0;

/** The demo run's manifest: the bundled data's hash, the offline judge and its options, the default parameters. */
export function demoManifest(
  metas: readonly MetaRubric[],
  answers: readonly AnswerToJudge[],
  compiled: readonly CompiledRubric[],
  o: { rag: boolean; toolkitVersion: string },
): ManifestBase {
  return {
    toolkit_version: o.toolkitVersion,
    dataset_hash: hashCanonical({ metas, answers }),
    rubric_hashes: Object.fromEntries(compiled.map((r) => [r.question_id, r.rubric_hash])),
    models: [...new Set(answers.map((a) => a.model))].sort(),
    settings: [...new Set(answers.map((a) => a.setting))].sort(),
    judges: [
      {
        spec: OFFLINE_JUDGE_ID,
        parameters: { ...DEFAULT_OFFLINE_OPTIONS, label: OFFLINE_JUDGE_LABEL, rag: o.rag },
      },
    ],
    prompt_templates: {},
    lambda: DEFAULT_SCORE_PARAMS.lambda,
    mu: DEFAULT_SCORE_PARAMS.mu,
    weights: { ...DEFAULT_SCORE_PARAMS.weights },
    seed: DEMO_SEED,
  };
}

/** How many of a run's stored verdicts are of each kind. */
export async function countVerdicts(
  store: Pick<RunStore, 'verdicts'>,
  runId: string,
): Promise<Record<Verdict, number>> {
  const by = { meets: 0, partially_meets: 0, missing: 0, contradicts: 0 };
  for await (const v of store.verdicts(runId)) by[v.verdict]++;
  return by;
}
