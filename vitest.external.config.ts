import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Tests against public datasets with published numbers, read in place from
// GAMUT_EXTERNAL_DATA or ../shared/external (never copied into the repo).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['packages/*/src/**/*.external.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
  },
});
