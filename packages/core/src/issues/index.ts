export * from './errors.js';
export * from './issue.js';
export * from './zod-issues.js';
