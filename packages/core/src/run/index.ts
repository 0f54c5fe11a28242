export * from './answer-questions.js';
export * from './config-hash.js';
export * from './events.js';
export * from './failure-streak.js';
export * from './judge-answers.js';
export * from './pool.js';
