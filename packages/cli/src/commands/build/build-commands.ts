import { InputError, QuestionDecision } from '@gamut/core';
import { readLocatedRecords } from '../../io/read-records.js';
import { openProjectStore } from '../../store/open-store.js';
import { appendJsonl, openBuild } from './build-dir.js';
import { openBuildModel } from './build-model.js';
import { buildStatus, renderStatus } from './build-status.js';
import { imageStates, runQuestionSteps } from './run-questions.js';
import { createStepProgress } from './step-progress.js';

interface Output {
  json: boolean;
}

/** `gamut build questions`: the model steps that can run now, then the status. */
export async function buildQuestions(dir: string, out: Output): Promise<void> {
  const build = await openBuild(dir);
  const store = await openProjectStore(build.paths.root, build.paths.store);
  try {
    const model = await openBuildModel(build.config.model, store, build.paths.root);
    const progress = createStepProgress(out.json ? null : (s) => process.stderr.write(s));
    const states = await runQuestionSteps(build, model, progress, () => new Date().toISOString());
    print(buildStatus(build, states), out);
  } finally {
    await store.close();
  }
}

/** `gamut build status`. */
export async function showStatus(dir: string, out: Output): Promise<void> {
  const build = await openBuild(dir);
  print(buildStatus(build, imageStates(build)), out);
}

/** `gamut build review-import`: validates every decision (all problems at once), checks the candidates exist, appends. */
export async function importDecisions(dir: string, file: string, out: Output): Promise<void> {
  const build = await openBuild(dir);
  const located = await readLocatedRecords(file, QuestionDecision);
  const known = new Set(imageStates(build).flatMap((s) => s.candidates.map((c) => c.id)));
  const issues = located
    .filter(({ value }) => !known.has(value.candidate))
    .map(({ value, line }) => ({
      rule: 'unknown-candidate',
      file,
      ...(line !== undefined && { line }),
      path: 'candidate',
      message: `no candidate "${value.candidate}" is under review in ${dir}; \`gamut build status ${dir}\` lists them`,
    }));
  if (issues.length) throw new InputError(issues);
  for (const { value } of located) await appendJsonl(build.paths.reviews, value);
  if (out.json) process.stdout.write(`${JSON.stringify({ imported: located.length })}\n`);
  else process.stderr.write(`imported ${located.length} decision(s); next: gamut build questions ${dir}\n`);
}

function print(status: ReturnType<typeof buildStatus>, out: Output): void {
  if (out.json) process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
  else process.stdout.write(renderStatus(status));
}
