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

/**
 * Each verb lives in its own file and defines only its options here; the work
 * is imported lazily inside the action so `gamut --help` and light verbs start fast.
 */
export const COMMANDS: ReadonlyArray<(program: Command) => void> = [
  registerValidate,
  registerSchema,
  registerCompile,
  registerJudge,
  registerScore,
  registerRun,
  registerRag,
  registerAnalyze,
  registerReport,
  registerView,
  registerReview,
  registerDemo,
  registerInit,
  registerBuild,
  registerWorker,
  registerStore,
];
