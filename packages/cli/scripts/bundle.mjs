// Bundles the CLI that `tsc -b` wrote (dist/main.js and everything it imports, @gamut/* included)
// into dist/bundle/: a few dozen files, one per command, instead of several hundred modules, which
// Node would otherwise resolve, read and compile one by one at every start (docs/performance.md).
// bin/gamut.js runs the bundle when it is at least as new as the last tsc build.
//
// Left outside and resolved from node_modules at run time: better-sqlite3 (a native addon) and the
// two undici modules the judge path imports by path. Of zod's locales only English is kept: Gamut
// words its own validation messages and never switches zod's locale.
//
//   node packages/cli/scripts/bundle.mjs        (part of `npm run build`)
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cli = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${cli}dist/bundle`;

/** Replaces zod's index of ~40 locales (1.6 MB of source) with English alone. */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[/\\]zod[/\\]/.test(args.importer)
        ? { path: `${args.resolveDir}/../locales/index.js`, namespace: 'zod-locales', pluginData: args.resolveDir }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(`${args.pluginData}/../locales/en.js`)};`,
      resolveDir: args.pluginData,
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${cli}dist/main.js`],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3'],
  // Bundled CommonJS packages (commander, yaml, …) call `require` for Node's modules.
  banner: {
    js: "import { createRequire as __gamutRequire } from 'node:module'; const require = __gamutRequire(import.meta.url);",
  },
  plugins: [zodEnglishOnly],
  sourcemap: 'linked',
  logLevel: 'warning',
});
