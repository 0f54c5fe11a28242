export * from './issues/index.js';
export * from './judge/index.js';
export * from './ports/index.js';
export * from './schema/index.js';
export * from './score/index.js';
