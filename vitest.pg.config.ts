import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The PostgreSQL store's suite: it starts a throwaway cluster from the server binaries
// (scripts/pg-cluster.sh) or uses GAMUT_PG_URL, so it is not part of `npm test`.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['packages/*/src/**/*.pg.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    hookTimeout: 60_000,
  },
});
