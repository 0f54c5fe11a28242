import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@gamut\/core\/test$/, replacement: src('./packages/core/src/test/index.ts') },
      { find: /^@gamut\/core\/call-defaults$/, replacement: src('./packages/core/src/schema/call-defaults.ts') },
      { find: /^@gamut\/core$/, replacement: src('./packages/core/src/index.ts') },
      { find: /^@gamut\/providers$/, replacement: src('./packages/providers/src/index.ts') },
      { find: /^@gamut\/queue$/, replacement: src('./packages/queue/src/index.ts') },
      { find: /^@gamut\/node$/, replacement: src('./packages/node/src/index.ts') },
      { find: /^@gamut\/store\/url$/, replacement: src('./packages/store/src/postgres/url.ts') },
      { find: /^@gamut\/store$/, replacement: src('./packages/store/src/index.ts') },
      { find: /^@gamut\/wiki$/, replacement: src('./packages/wiki/src/index.ts') },
      { find: /^@gamut\/testkit$/, replacement: src('./packages/testkit/src/index.ts') },
      { find: /^@gamut\/search$/, replacement: src('./packages/search/src/index.ts') },
    ],
  },
  test: {
    // The CLI keeps a V8 code cache in $XDG_CACHE_HOME/gamut: tests keep theirs out of the user's home.
    env: { XDG_CACHE_HOME: join(tmpdir(), 'gamut-test-cache') },
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      '**/dist/**',
      'test/e2e/**',
      'test/pack/**',
      '**/*.external.test.ts',
      '**/*.pg.test.ts',
      '**/*.queue.test.ts',
    ],
    pool: 'forks',
    testTimeout: 30_000,
  },
});
