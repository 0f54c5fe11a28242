/**
 * The offline judge: a lexical baseline that needs no network and no key, and
 * the value comparison (`compareQuantities`, `sameQuantity`) that the wiki-QA
 * value checks share with it. Its text analysis lives in `text/`.
 */
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
export {
  compareQuantities,
  type QuantityComparison,
  relativeGap,
  sameQuantity,
  withinRange,
} from './quantity-compare.js';
export { DEFAULT_OFFLINE_OPTIONS } from './term-coverage.js';
