import type { Command } from '@commander-js/extra-typings';
import { registerAnalyze } from './analyze.js';
import { registerBuild } from './build.js';
import { registerCompile } from './compile.js';
import { registerDemo } from './demo.js';
import { registerInit } from './init.js';
import { registerJudge } from './judge.js';
import { registerRag } from './rag.js';
import { registerReport } from './report.js';
import { registerReview } from './review.js';
import { registerRun } from './run.js';
import { registerSchema } from './schema.js';
import { registerScore } from './score.js';
import { registerStore } from './store.js';
import { registerValidate } from './validate.js';
import { registerView } from './view.js';
import { registerWorker } from './worker.js';

/** Each verb's file defines only its options; the work is imported lazily inside the action so
 * `gamut --help` and light verbs start fast. The name lets main.ts register just the verb being run. */
export const COMMANDS: ReadonlyArray<readonly [verb: string, register: (program: Command) => void]> = [
  ['validate', registerValidate],
  ['schema', registerSchema],
  ['compile', registerCompile],
  ['judge', registerJudge],
  ['score', registerScore],
  ['run', registerRun],
  ['rag', registerRag],
  ['analyze', registerAnalyze],
  ['report', registerReport],
  ['view', registerView],
  ['review', registerReview],
  ['demo', registerDemo],
  ['init', registerInit],
  ['build', registerBuild],
  ['worker', registerWorker],
  ['store', registerStore],
];
