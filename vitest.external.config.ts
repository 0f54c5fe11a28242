import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Tests against public datasets with published numbers, read in place from
// GAMUT_EXTERNAL_DATA or ../shared/external (never copied into the repo).
export default defineConfig({
  ...base,
  test: {
    // The CLI keeps a V8 code cache in $XDG_CACHE_HOME/gamut: tests keep theirs out of the user's home.
    env: { XDG_CACHE_HOME: join(tmpdir(), 'gamut-test-cache') },
    ...base.test,
    include: ['packages/*/src/**/*.external.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
  },
});
