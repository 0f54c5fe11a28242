import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Distributed judging: real `gamut worker` processes over a Redis and a PostgreSQL server named by
// GAMUT_REDIS_URL and GAMUT_PG_URL (scripts/redis-server.sh, scripts/pg-cluster.sh), so not part of `npm test`.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['packages/*/src/**/*.queue.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    hookTimeout: 60_000,
  },
});
