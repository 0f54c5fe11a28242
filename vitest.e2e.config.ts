import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Browser tests: Playwright (playwright-core) driving Debian's chromium over the
// built CLI and web app. Run with `npm run test:e2e` after `npm run build`.
export default defineConfig({
  test: {
    // The CLI keeps a V8 code cache in $XDG_CACHE_HOME/gamut: tests keep theirs out of the user's home.
    env: { XDG_CACHE_HOME: join(tmpdir(), 'gamut-test-cache') },
    include: ['test/e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
