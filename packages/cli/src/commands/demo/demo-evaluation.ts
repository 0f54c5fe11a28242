import { existsSync } from 'node:fs';
import {
  type AnswerToJudge,
  type CompiledRubric,
  createMemoryStore,
  createOfflineJudge,
  DEFAULT_OFFLINE_OPTIONS,
  DEFAULT_SCORE_PARAMS,
  hashCanonical,
  InternalError,
  type ManifestBase,
  type MetaRubric,
  type ModelScore,
  OFFLINE_JUDGE_ID,
  OFFLINE_JUDGE_LABEL,
  type RunStore,
  runEvaluation,
  type Verdict,
} from '@gamut/core';
import { loadAnswers, loadRubrics, writeRunDirectory } from '@gamut/node';
import { SingleBar } from 'cli-progress';
import { VERSION } from '../../version.js';
import type { DemoRag } from './demo-rag.js';
import type { DemoCounts } from './demo-summary.js';

/** Bootstrap seed of the demo: the same data always prints the same intervals (and `gamut score` agrees). */
export const DEMO_SEED = 0;

/**
 * The bundled questions and answers through `runEvaluation`, as `gamut run`
 * takes them: compiled, judged by the offline judge into a store (in memory:
 * the demo leaves nothing but its run directory), scored, and written as a run
 * directory, manifest last.
 */
export async function evaluateDemo(o: {
  out: string;
  metasFile: string;
  answersFile: string;
  progress: boolean;
  rag: DemoRag | null;
  writeRag: (dir: string) => Promise<void>;
}): Promise<{ counts: DemoCounts; models: ModelScore[] }> {
  const rubrics = await loadRubrics(o.metasFile, { dataset: true });
  const metas = rubrics.metas ?? [];
  const answers = await loadAnswers(o.answersFile, rubrics.targets);
  const store = createMemoryStore();
  const images = new Map<string, string>();
  // A bundled image that is missing leaves the question pointing where it did, as before the run engine.
  for (const [id, t] of rubrics.targets) if (t.image !== undefined && existsSync(t.image)) images.set(id, t.image);
  const bar = o.progress ? progressBar() : null;
  const outcome = await runEvaluation({
    store,
    clock: () => new Date(),
    runId: 'demo',
    configParts: { dataset: hashCanonical({ metas, answers }) },
    manifest: demoManifest(metas, answers, rubrics.compiled, o.rag !== null),
    where: { store: 'memory' },
    participants: {
      models: [],
      judges: [{ spec: OFFLINE_JUDGE_ID, judge: createOfflineJudge(), batched: false, stopAfterFailures: 0 }],
    },
    concurrency: 1,
    givenAnswers: answers,
    targets: rubrics.targets,
    rubrics: rubrics.compiled,
    seed: DEMO_SEED,
    gates: { judgeFailuresListedIn: `${o.out}/verdicts.jsonl` },
    ...(bar && { onEvent: bar.onEvent }),
    afterCalls: async () => bar?.stop(),
    writeOutputs: (run) =>
      writeRunDirectory({
        dir: o.out,
        store,
        runId: run.runId,
        rerun: `gamut demo --out ${o.out}`,
        manifest: run.manifest,
        metas,
        imageFiles: images,
        compiled: rubrics.compiled,
        scores: run.judges.map((j) => j.report),
        answerFailures: run.answerFailures,
        more: o.writeRag,
      }),
  });
  if (outcome.status !== 'finished') throw new InternalError(`the demo run ended ${outcome.status}`);
  const report = outcome.judges[0]?.report;
  const counts: DemoCounts = {
    questions: rubrics.compiled.length,
    checks: rubrics.compiled.reduce((s, r) => s + r.checks.length, 0),
    answers: answers.length,
    verdicts: await store.countVerdicts('demo'),
    by_verdict: await countVerdicts(store),
  };
  return { counts, models: report?.models ?? [] };
}

async function countVerdicts(store: RunStore): Promise<Record<Verdict, number>> {
  const by = { meets: 0, partially_meets: 0, missing: 0, contradicts: 0 };
  for await (const v of store.verdicts('demo')) by[v.verdict]++;
  return by;
}

/** "judging checks ████ 120/400". */
function progressBar() {
  const bar = new SingleBar({
    format: 'judging checks {bar} {value}/{total}',
    clearOnComplete: true,
    stream: process.stderr,
  });
  let started = false;
  return {
    onEvent(e: { type: string; total?: number; done?: number }) {
      if (e.type === 'checks-planned') {
        bar.start(e.total ?? 0, e.done ?? 0);
        started = true;
      } else if (started && (e.type === 'check-done' || e.type === 'check-failed')) bar.increment();
    },
    stop: () => bar.stop(),
  };
}

/** The demo run's manifest: the bundled data's hash, the offline judge and its options, the default parameters. */
function demoManifest(
  metas: readonly MetaRubric[],
  answers: readonly AnswerToJudge[],
  compiled: readonly CompiledRubric[],
  rag: boolean,
): ManifestBase {
  return {
    toolkit_version: VERSION,
    dataset_hash: hashCanonical({ metas, answers }),
    rubric_hashes: Object.fromEntries(compiled.map((r) => [r.question_id, r.rubric_hash])),
    models: [...new Set(answers.map((a) => a.model))].sort(),
    settings: [...new Set(answers.map((a) => a.setting))].sort(),
    judges: [
      {
        spec: OFFLINE_JUDGE_ID,
        parameters: { ...DEFAULT_OFFLINE_OPTIONS, label: OFFLINE_JUDGE_LABEL, rag },
      },
    ],
    prompt_templates: {},
    lambda: DEFAULT_SCORE_PARAMS.lambda,
    mu: DEFAULT_SCORE_PARAMS.mu,
    weights: { ...DEFAULT_SCORE_PARAMS.weights },
    seed: DEMO_SEED,
  };
}
