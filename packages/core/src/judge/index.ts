export * from './check-judge.js';
export * from './judge-model.js';
export * from './offline/index.js';
