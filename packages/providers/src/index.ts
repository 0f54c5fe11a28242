export { type FromAiSdkModelOptions, fromAiSdkModel } from './adapters/from-ai-sdk-model.js';
export { MOCK_MODES } from './adapters/mock-judge-model.js';
export {
  type CreateJudgeModelOptions,
  closeJudgeConnections,
  createJudgeModel,
  warmUpJudgeModel,
} from './create-judge-model.js';
export type { Env } from './env.js';
export { type ResolvedImage, resolveImage } from './images.js';
export { type JudgeSpec, judgeSpecError, type ProviderName, parseJudgeSpec, type SpecWording } from './judge-spec.js';
export { callCacheKey } from './middleware/cache-key.js';
export { type MiddlewareClock, systemClock } from './middleware/clock.js';
export type { CallEvent, CallTotals } from './middleware/events.js';
export { callCostUsd, DEFAULT_PRICES, lookupPrice, type ModelPrice, type PriceTable } from './middleware/prices.js';
export { RateLimiter } from './middleware/rate-limiter.js';
export { DEFAULT_RETRY, type RetryPolicy } from './middleware/retry.js';
export {
  estimateTokens,
  type MiddlewareJudgeModel,
  type MiddlewareOptions,
  withMiddleware,
} from './middleware/with-middleware.js';
export {
  isRetryableStatus,
  ProviderCallError,
  type ProviderErrorKind,
  parseRetryAfter,
} from './provider-call-error.js';
export type {
  InProcessProviderEntry,
  ProviderEntry,
  SdkLoadInput,
  SdkProviderEntry,
  WireFormat,
} from './registry/provider-entry.js';
export { findProvider, KEY_VARIABLES, MODEL_SPEC_FORMS, ollamaBaseURL, PROVIDERS } from './registry/providers.js';
