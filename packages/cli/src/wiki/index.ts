export * from './agent-callers.js';
export * from './baseline-agent.js';
export * from './collect.js';
export * from './golden-set.js';
export * from './import-wiki.js';
export * from './snapshot.js';
export * from './wiki-index.js';
