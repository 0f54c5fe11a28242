import { existsSync } from 'node:fs';
import {
  countVerdicts,
  createMemoryStore,
  createOfflineJudge,
  DEMO_SEED,
  demoManifest,
  hashCanonical,
  InternalError,
  type ModelScore,
  OFFLINE_JUDGE_ID,
  runEvaluation,
} from '@gamut/core';
import { type DemoRag, loadAnswers, loadRubrics, writeRunDirectory } from '@gamut/node';
import { SingleBar } from 'cli-progress';
import { VERSION } from '../../version.js';
import type { DemoCounts } from './demo-summary.js';

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
    manifest: demoManifest(metas, answers, rubrics.compiled, { rag: o.rag !== null, toolkitVersion: VERSION }),
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
    by_verdict: await countVerdicts(store, 'demo'),
  };
  return { counts, models: report?.models ?? [] };
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
