// @gamut/core/test: what tests of a judge adapter or a store need (docs/api.md).
export { createMemoryStore, createMemoryStoreData, type MemoryStoreData } from '../memory/memory-store.js';
export { MockJudgeModel, type MockJudgeModelOptions, type MockReply } from './mock-judge-model.js';
export {
  type ConformanceCase,
  type StoreConformanceTarget,
  type StoreLocation,
  storeConformanceCases,
} from './store-conformance.js';
export { sampleAnnotator, sampleReviewEvent, sampleRun, sampleVerdict } from './store-fixtures.js';
