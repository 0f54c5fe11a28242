export * from './call-cache.js';
export * from './random.js';
export * from './store.js';
