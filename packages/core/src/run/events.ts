import type { JudgeFailureKind, Setting, Verdict } from '../schema/ids.js';

/** What a run reports as it goes; the CLI turns these into progress, nothing in core prints. */
export type RunEvent =
  | { type: 'answers-planned'; total: number; done: number }
  | { type: 'answer-done'; questionId: string; model: string; setting: Setting }
  | { type: 'answer-failed'; questionId: string; model: string; setting: Setting; error: string }
  | { type: 'checks-planned'; total: number; done: number }
  | {
      type: 'check-done';
      questionId: string;
      model: string;
      setting: Setting;
      checkId: string;
      judge: string;
      verdict: Verdict;
    }
  | {
      type: 'check-failed';
      questionId: string;
      model: string;
      setting: Setting;
      checkId: string;
      judge: string;
      error: string;
      kind: JudgeFailureKind;
    };

export type RunEventListener = (event: RunEvent) => void;
