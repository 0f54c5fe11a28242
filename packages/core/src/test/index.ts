export * from './memory-store.js';
export * from './mock-judge-model.js';
export * from './store-conformance.js';
export { sampleRun, sampleVerdict } from './store-fixtures.js';
