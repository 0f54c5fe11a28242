import { defineConfig } from 'vitest/config';

// Browser tests: Playwright (playwright-core) driving Debian's chromium over the
// built CLI and web app. Run with `npm run test:e2e` after `npm run build`.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
