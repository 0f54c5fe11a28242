import type { JudgeModel, ModelCallOptions, ModelCallResult } from '@gamut/core';
import { ProviderCallError } from '../provider-call-error.js';

/**
 * One attempt with its own deadline. The caller's signal still cancels it;
 * a deadline that passes becomes a retryable `timeout` error, a caller's
 * abort stays an abort.
 */
export async function callWithTimeout(
  model: JudgeModel,
  call: ModelCallOptions,
  timeoutMs: number,
): Promise<ModelCallResult> {
  if (!(timeoutMs > 0 && Number.isFinite(timeoutMs))) return model.doGenerate(call);
  const outer = call.abortSignal;
  if (outer?.aborted) throw outer.reason;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`no reply within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  try {
    return await model.doGenerate({ ...call, abortSignal: controller.signal });
  } catch (e) {
    if (timedOut && !outer?.aborted) {
      const label = `${model.provider}:${model.modelId}`;
      throw new ProviderCallError(`${label}: no reply within ${timeoutMs} ms`, {
        kind: 'timeout',
        provider: label,
        retryable: true,
        cause: e,
      });
    }
    throw e;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
