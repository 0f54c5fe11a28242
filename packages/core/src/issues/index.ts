export * from './counted.js';
export * from './errors.js';
export * from './issue.js';
export * from './json-scan.js';
export * from './parse-json.js';
export * from './source-location.js';
export * from './zod-issues.js';
