import { InputError, type JudgeModel, type RunStore } from '@gamut/core';
import type { BatchEvent, BatchFetch, SpecWording } from '@gamut/providers';
import type { CallSettings } from './resolve-judge.js';

/** Checks in flight at once with `--batch`: a batch's worth, so most runs go in one submission. */
export const BATCH_WINDOW = 20_000;

/** The providers with a batch API; other specs are refused with `--batch`. */
const BATCH_PROVIDERS = new Set(['openai', 'anthropic', 'google']);

/** What `--batch` adds to a command's model calls: where batch ids are kept, how often to poll, what to say. */
export interface BatchCalls {
  ledger: RunStore;
  pollMs: number;
  onEvent(e: BatchEvent): void;
  /** The batch fetches opened, closed when the run's calls are done. */
  opened: BatchFetch[];
}

export function batchCalls(o: { store: RunStore; pollMs: number; quiet?: boolean; json?: boolean }): BatchCalls {
  const say = (line: string) => process.stderr.write(line);
  return {
    ledger: o.store,
    pollMs: o.pollMs,
    opened: [],
    onEvent(e) {
      if (o.json) say(`${JSON.stringify({ event: `batch_${e.type.replace('-', '_')}`, ...e, type: undefined })}\n`);
      else if (!o.quiet) say(batchLine(e, o.pollMs));
    },
  };
}

/** Stops polling: batches still running stay in the store, for the next run to pick up. */
export function closeBatchCalls(b: BatchCalls | undefined): void {
  for (const f of b?.opened.splice(0) ?? []) f.close();
}

/**
 * Refused before anything is stored: `--queue` (its workers call synchronously), or a `judge` that
 * makes no model calls (a run config's judges are checked one by one as they resolve).
 */
export function refuseUnbatchable(o: { judge?: string; queue?: string | undefined }): void {
  const spec = o.judge;
  if (o.queue !== undefined) {
    throw new InputError({
      rule: 'batch-judge',
      message:
        '--batch and --queue both decide who makes the judge calls: the provider batch API, or the workers; drop one',
    });
  }
  if (spec !== undefined && (spec === 'offline' || spec.startsWith('labels:'))) {
    throw new InputError({
      rule: 'batch-judge',
      message: `${spec} makes no model calls: drop --batch, or judge with openai:, openai-chat:, anthropic: or google:`,
    });
  }
}

/**
 * A judge model whose calls go through its provider's batch API, behind the
 * call cache at the batch price. No retries (a failed request waits for the
 * next run), no timeout (a batch may take up to a day), no rate limits (the
 * batch API has its own queue).
 */
export async function resolveBatchModel(
  spec: string,
  settings: CallSettings & { batch: BatchCalls },
  wording: SpecWording,
): Promise<JudgeModel> {
  const { batchPrices, batchWireFor, createBatchFetch, createJudgeModel, withMiddleware } = await import(
    '@gamut/providers'
  );
  const { batch } = settings;
  const calls = createBatchFetch({ ledger: batch.ledger, pollMs: batch.pollMs, onEvent: batch.onEvent });
  batch.opened.push(calls);
  const model = await createJudgeModel(spec, { env: settings.env, wording, fetch: calls.fetch });
  if (!BATCH_PROVIDERS.has(model.provider) || model.endpoint === undefined || !batchWireFor(model.endpoint)) {
    throw new InputError({
      rule: 'batch-judge',
      message: `${spec} has no batch API: --batch works with openai:, openai-chat:, anthropic: and google: judges`,
    });
  }
  return withMiddleware(model, {
    cache: settings.cache,
    concurrency: BATCH_WINDOW,
    timeoutMs: 0,
    retries: 0,
    prices: batchPrices(),
    ...(settings.onCallEvent !== undefined && { onEvent: settings.onCallEvent }),
  });
}

function batchLine(e: BatchEvent, pollMs: number): string {
  const n = (x: number) => `${x.toLocaleString('en-US')} request${x === 1 ? '' : 's'}`;
  const every = pollMs >= 1000 ? `${Math.round(pollMs / 1000)} s` : `${pollMs} ms`;
  switch (e.type) {
    case 'submitted':
      return (
        `gamut: ${e.provider} batch ${e.batchId} submitted (${n(e.requests)}); polling every ${every}.\n` +
        '  Stopping is safe: run the same command again and it polls this batch instead of submitting it again.\n'
      );
    case 'resumed':
      return `gamut: polling ${e.provider} batch ${e.batchId}, submitted by an earlier run (${n(e.requests)})\n`;
    case 'polled':
      return '';
    case 'poll-failed':
      return `gamut: polling ${e.provider} batch ${e.batchId} failed, trying again: ${e.error}\n`;
    case 'ended':
      return `gamut: ${e.provider} batch ${e.batchId} ended: ${e.succeeded} succeeded, ${e.failed} failed\n`;
  }
}
