/** Kept in step with packages/cli/package.json by a test. */
export const VERSION = '0.1.0';
