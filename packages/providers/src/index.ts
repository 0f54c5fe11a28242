// The public API of @gamut/providers, by name: what docs/api.md documents and what the CLI imports.
export { type FromAiSdkModelOptions, fromAiSdkModel } from './adapters/from-ai-sdk-model.js';
export {
  type BatchEvent,
  type BatchFetch,
  type BatchFetchOptions,
  batchWireFor,
  createBatchFetch,
} from './batch/batch-fetch.js';
export { batchPrices } from './batch/batch-prices.js';
export {
  type CreateJudgeModelOptions,
  closeJudgeConnections,
  createJudgeModel,
  warmUpJudgeModel,
} from './create-judge-model.js';
export type { Env } from './env.js';
export { type JudgeSpec, judgeSpecError, type ProviderName, parseJudgeSpec, type SpecWording } from './judge-spec.js';
export { type MiddlewareClock, systemClock } from './middleware/clock.js';
export type { CallEvent, CallTotals } from './middleware/events.js';
export { callCostUsd, DEFAULT_PRICES, type ModelPrice, type PriceTable } from './middleware/prices.js';
export { DEFAULT_RETRY, type RetryPolicy } from './middleware/retry.js';
export { type MiddlewareJudgeModel, type MiddlewareOptions, withMiddleware } from './middleware/with-middleware.js';
export { ProviderCallError, type ProviderErrorKind } from './provider-call-error.js';
export { MODEL_SPEC_FORMS } from './registry/providers.js';
