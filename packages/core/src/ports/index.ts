export * from './batches.js';
export * from './call-cache.js';
export * from './random.js';
export * from './search.js';
export * from './store.js';
export * from './timers.js';
