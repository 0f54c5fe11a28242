import { type StepRecord, stepCosts } from './step-records.js';

/** Progress of a batch of LLM steps: one line per step with its tokens and cost, the running total and an ETA. */
export interface StepProgress {
  plan(steps: number): void;
  step(record: StepRecord): void;
  /** Every step seen so far. */
  done(): StepRecord[];
}

/** `clock` gives milliseconds (the caller's clock: core has none); `write` null keeps quiet. */
export function createStepProgress(write: ((line: string) => void) | null, clock: () => number): StepProgress {
  const seen: StepRecord[] = [];
  let planned = 0;
  let inBatch = 0;
  let started = clock();
  return {
    plan(steps) {
      planned = steps;
      inBatch = 0;
      started = clock();
    },
    step(record) {
      seen.push(record);
      inBatch++;
      if (write === null) return;
      const one = stepCosts([record]);
      const all = stepCosts(seen);
      const perStep = (clock() - started) / inBatch;
      const eta = Math.max(0, Math.round((perStep * (planned - inBatch)) / 1000));
      const state = record.status === 'ok' ? 'ok' : `FAILED: ${record.failure}`;
      // A model without a price (a local or scripted one) is shown as unpriced, never as free.
      const cost = record.attempts.every((a) => a.cost_usd === null && !a.cached) ? 'unpriced' : usd(one.costUsd);
      write(
        `[${inBatch}/${planned}] ${record.key}: ${state} (${record.attempts.length} repl${record.attempts.length === 1 ? 'y' : 'ies'}, ${one.inputTokens + one.outputTokens} tokens, ${cost}; total ${usd(all.costUsd)}, ETA ${eta}s)\n`,
      );
    },
    done: () => seen,
  };
}

function usd(n: number): string {
  return `$${n.toFixed(4)}`;
}
