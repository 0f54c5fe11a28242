import type { AnswerToJudge, RunStore } from '@gamut/core';

const RELOAD_AFTER_MS = 1_000;
const RUNS_KEPT = 4;

/**
 * The answers of the runs a worker judges, read from the store once per run
 * and again (at most once a second) when a check names an answer stored
 * since: the coordinator stores every answer before it queues a check.
 */
export class RunAnswers {
  private readonly runs = new Map<
    string,
    { answers: Map<string, AnswerToJudge>; at: number; loading?: Promise<void> }
  >();

  constructor(private readonly store: RunStore) {}

  async get(
    runId: string,
    k: { questionId: string; model: string; setting: string },
  ): Promise<AnswerToJudge | undefined> {
    const key = answerKey(k);
    let run = this.runs.get(runId);
    if (run?.answers.has(key)) return run.answers.get(key);
    if (!run) {
      run = { answers: new Map(), at: 0 };
      this.runs.set(runId, run);
      for (const old of [...this.runs.keys()].slice(0, -RUNS_KEPT)) this.runs.delete(old);
    }
    const r = run;
    r.loading ??= (async () => {
      const wait = r.at + RELOAD_AFTER_MS - Date.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
      const loaded = new Map<string, AnswerToJudge>();
      for (const a of await this.store.getAnswers(runId)) {
        loaded.set(answerKey(a), {
          questionId: a.questionId,
          model: a.model,
          setting: a.setting,
          response: a.response,
        });
      }
      r.answers = loaded;
      r.at = Date.now();
    })().finally(() => {
      delete r.loading;
    });
    await r.loading;
    return r.answers.get(key);
  }
}

function answerKey(k: { questionId: string; model: string; setting: string }): string {
  return `${k.questionId}\u0000${k.model}\u0000${k.setting}`;
}
