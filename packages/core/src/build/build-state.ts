import type { JudgeModel, ModelCallResult } from '../judge/judge-model.js';
import type { SearchProvider, SnippetAudit } from '../ports/search.js';
import type { AskResult } from './ask-structured.js';
import type { BuildConfig, BuildImage, BuildManifest } from './build-inputs.js';
import type { QuestionDecision } from './question-decisions.js';
import { type ImageQuestions, questionRounds } from './question-rounds.js';
import type { GroundedSnippet, LocatePassage } from './rubric-draft.js';
import type { RubricEdit } from './rubric-overlay.js';
import type { StepProgress } from './step-progress.js';
import type { StepRecord } from './step-records.js';

/** A build as its steps read it: its inputs, every step recorded so far, and people's decisions and edits. */
export interface BuildState {
  manifest: BuildManifest;
  config: BuildConfig;
  images: BuildImage[];
  records: Map<string, StepRecord>;
  decisions: Map<string, QuestionDecision[]>;
  edits: RubricEdit[];
}

/** The model of a build's LLM steps, with what the last call cost. */
export interface BuildModel {
  model: JudgeModel;
  spec: string;
  /** Whether the last call was answered by the cache, and what it cost. */
  account: (result: ModelCallResult) => { cached: boolean; costUsd: number | null };
}

/** The evidence tools of the rubric steps: the search provider, a passage located in its document, a snippet audited. */
export interface BuildSearch {
  search: SearchProvider;
  locate: LocatePassage;
  audit: (
    snippet: Pick<GroundedSnippet, 'url' | 'title' | 'text' | 'start' | 'end' | 'content_hash'>,
  ) => Promise<SnippetAudit>;
}

/** One batch of steps over a build: where a finished step is kept (durably, before the next), its progress, the time. */
export interface StepRun {
  build: BuildState;
  append: (record: StepRecord) => Promise<void>;
  progress: StepProgress;
  now: () => string;
}

/** Every image's question state, replayed from the build's records and decisions. */
export function imageStates(build: BuildState): ImageQuestions[] {
  return build.images.map((image) =>
    questionRounds({ image, records: build.records, decisions: build.decisions, maxRounds: build.config.max_rounds }),
  );
}

/** The record of an LLM step: what identifies it, every reply, and what it produced (null when it failed). */
export function stepRecord(
  head: Pick<StepRecord, 'key' | 'step' | 'subject' | 'template' | 'model' | 'at'>,
  result: AskResult<unknown>,
  produced: unknown,
): StepRecord {
  return {
    ...head,
    status: result.status,
    attempts: result.attempts,
    produced: result.status === 'ok' ? produced : null,
    ...(result.status === 'failed' && { failure: result.failure }),
  };
}

/** Keeps a finished step: appended to the build's step log, remembered, and shown in the progress. */
export async function keepStep(run: StepRun, record: StepRecord): Promise<void> {
  await run.append(record);
  run.build.records.set(record.key, record);
  run.progress.step(record);
}
