export * from './call-cache.js';
export * from './random.js';
