import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The PostgreSQL store's suite: it starts a throwaway cluster from the server binaries
// (scripts/pg-cluster.sh) or uses GAMUT_PG_URL, so it is not part of `npm test`.
export default defineConfig({
  ...base,
  test: {
    // The CLI keeps a V8 code cache in $XDG_CACHE_HOME/gamut: tests keep theirs out of the user's home.
    env: { XDG_CACHE_HOME: join(tmpdir(), 'gamut-test-cache') },
    ...base.test,
    include: ['packages/*/src/**/*.pg.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    hookTimeout: 60_000,
  },
});
