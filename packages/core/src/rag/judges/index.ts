export * from './labels-rag-judge.js';
export * from './llm-rag-judge.js';
export * from './llm-rag-prompts.js';
export * from './offline-rag-judge.js';
export * from './rag-judge.js';
export * from './run-rag-judge.js';
