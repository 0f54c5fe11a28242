/**
 * The offline judge: a lexical baseline that needs no network and no key, and
 * the value extraction (`extractQuantities`, `compareQuantities`,
 * `sameQuantity`) that the wiki-QA value checks share with it.
 */
export { type AnalyzedText, analyzeText } from './analyze-text.js';
export {
  createOfflineJudge,
  judgeOffline,
  OFFLINE_JUDGE_ID,
  OFFLINE_JUDGE_LABEL,
  type OfflineFinding,
  type OfflineJudgeInput,
  type OfflineJudgeOptions,
  type ValueFinding,
} from './judge-offline.js';
export { type NormalizedText, normalizeText, normalizeWithOffsets } from './normalize.js';
export { extractQuantities, type Quantity, type QuantityKind } from './quantities.js';
export {
  compareQuantities,
  type QuantityComparison,
  relativeGap,
  sameQuantity,
  withinRange,
} from './quantity-compare.js';
export { DEFAULT_OFFLINE_OPTIONS } from './term-coverage.js';
