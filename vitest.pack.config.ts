import { defineConfig } from 'vitest/config';

// The pack-and-install test: `npm pack --workspaces`, the public tarballs installed into an empty
// project outside the repository, and gamut run there. Run with `npm run test:pack` (it builds first).
export default defineConfig({
  test: {
    include: ['test/pack/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 660_000,
  },
});
