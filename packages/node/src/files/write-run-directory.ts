import { copyFile, mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  type CompiledRubric,
  failureJson,
  type Manifest,
  type MetaRubric,
  type RunStore,
  type ScoreReport,
} from '@gamut/core';
import { toJsonl, writeFileAtomic } from './atomic-write.js';
import { verdictText, writeStreamAtomic } from './export-verdicts.js';
import { beginRunDirectory, finishRunDirectory } from './run-directory.js';

/**
 * Writes the run directory of docs/run-directory.md from the store, so that
 * score, analyze, report and view read a run without calling a model.
 * Images are copied to `images/` and the meta-rubrics point there. Until the
 * manifest is written, last, readers report the directory as incomplete.
 */
export async function writeRunDirectory(options: {
  dir: string;
  store: RunStore;
  runId: string;
  /** The command that writes this directory again, for the "incomplete" message after a kill. */
  rerun: string;
  manifest: Manifest;
  metas: readonly MetaRubric[];
  /** Absolute image path per question, as the dataset named it. */
  imageFiles: ReadonlyMap<string, string>;
  compiled: readonly CompiledRubric[];
  /** Scores of the first judge (scores.json); others go to scores.<n>.json in the order given. */
  scores: ReadonlyArray<ScoreReport | null>;
  /** Answers the models under test did not give (`answer-failures.jsonl`). */
  answerFailures: readonly { questionId: string; model: string; setting: string; error: string }[];
  /** Writes any further files (the demo's `rag/`) before the manifest. */
  more?: (dir: string) => Promise<void>;
}): Promise<void> {
  const { dir, store, runId } = options;
  await mkdir(dir, { recursive: true });
  await beginRunDirectory(dir, options.rerun);

  const imageNames = new Map<string, string>();
  const used = new Set<string>();
  for (const [questionId, file] of options.imageFiles) {
    if (/^(https?:|data:)/i.test(file)) continue;
    let name = basename(file);
    for (let i = 2; used.has(name); i++) name = `${i}-${basename(file)}`;
    used.add(name);
    await mkdir(join(dir, 'images'), { recursive: true });
    await copyFile(file, join(dir, 'images', name));
    imageNames.set(questionId, `images/${name}`);
  }
  const metas = options.metas.map((m) => {
    const image = imageNames.get(m.question_id);
    return image === undefined ? m : { ...m, image };
  });

  await writeFileAtomic(join(dir, 'meta-rubrics.jsonl'), toJsonl(metas));
  await writeFileAtomic(join(dir, 'rubrics.jsonl'), toJsonl(options.compiled));
  const answers = await store.getAnswers(runId);
  await writeFileAtomic(
    join(dir, 'answers.jsonl'),
    toJsonl(
      answers.map((a) => ({ question_id: a.questionId, model: a.model, setting: a.setting, response: a.response })),
    ),
  );
  const failures = await store.getJudgeFailures(runId);
  await writeStreamAtomic(join(dir, 'verdicts.jsonl'), verdictText(store.verdictPages(runId), 'jsonl', failures));
  await writeFileAtomic(join(dir, 'judge-failures.jsonl'), toJsonl(failures.map(failureJson)));
  await writeFileAtomic(
    join(dir, 'answer-failures.jsonl'),
    toJsonl(
      options.answerFailures.map((f) => ({
        question_id: f.questionId,
        model: f.model,
        setting: f.setting,
        error: f.error,
      })),
    ),
  );
  for (const [i, report] of options.scores.entries()) {
    if (report)
      await writeFileAtomic(
        join(dir, i === 0 ? 'scores.json' : `scores.${i + 1}.json`),
        `${JSON.stringify(report, null, 2)}\n`,
      );
  }
  await options.more?.(dir);
  await finishRunDirectory(dir, options.manifest);
}
