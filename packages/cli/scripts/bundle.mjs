// Bundles the CLI that `tsc -b` wrote (dist/main.js and everything it imports, @gamut/* included)
// into dist/bundle/: a few dozen files, one per command, instead of several hundred modules, which
// Node would otherwise resolve, read and compile one by one at every start (docs/performance.md).
// bin/gamut.js runs the bundle when it is at least as new as the last tsc build.
//
// Left outside and resolved from node_modules at run time: better-sqlite3 (a native addon). Of zod's
// locales only English is kept: Gamut words its own validation messages and never switches zod's
// locale. The AI SDK's request code gets a plain header map for the global `Headers` (below).
//
// It then copies what `gamut` ships besides code into dist/assets/ (src/io/package-assets.ts finds
// them): the demo's example data, laid out as fixtures/ is, and the built web app, so an install
// from npm runs `gamut demo`, `report` and `view` with nothing beside it.
//
//   node packages/cli/scripts/bundle.mjs        (part of `npm run build`, after the web app's build)
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { barrelImports } from './barrel-imports.mjs';

const cli = fileURLToPath(new URL('..', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const outdir = `${cli}dist/bundle`;
const scriptdir = `${cli}dist/script`;
const assets = `${cli}dist/assets`;

/** Source → place under dist/assets. The wiki's raw Confluence exports are import examples, not demo data. */
const SHIPPED = [
  { from: 'fixtures/gamut', to: 'demo/gamut', skip: [] },
  { from: 'fixtures/build', to: 'demo/build', skip: [] },
  { from: 'fixtures/starter', to: 'starter', skip: [] },
  { from: 'fixtures/wiki', to: 'demo/wiki', skip: ['fixtures/wiki/confluence', 'fixtures/wiki/pages'] },
  { from: 'apps/web/dist', to: 'web', skip: [] },
];

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

/**
 * `@ai-sdk/provider-utils` builds each request's headers with the global `Headers`, which Node
 * compiles from its bundled undici on first touch (~50 ms at start) and which validates and sorts
 * per call; Gamut hands the SDK plain records, so a plain map (providers' PlainHeaders) serves.
 */
const plainHeaders = `${repo}packages/providers/dist/adapters/plain-headers.js`;
const sdkPlainHeaders = {
  name: 'sdk-plain-headers',
  setup(b) {
    b.onLoad({ filter: /[/\\]@ai-sdk[/\\]provider-utils[/\\]dist[/\\]index\.mjs$/ }, (args) => ({
      contents: `import { PlainHeaders as Headers } from ${JSON.stringify(plainHeaders)};\n${readFileSync(args.path, 'utf8')}`,
      loader: 'js',
    }));
  },
};

/**
 * In the CommonJS script, `import('node:…')` becomes a `require`: a script run through `vm.Script`
 * can only `import()` with a loader callback that Node 20 calls experimental (a warning on stderr).
 */
const builtinImportsAsRequire = {
  name: 'builtin-imports-as-require',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, namespace: 'builtin-require' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-require' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** What the ES-module bundle and the CommonJS script share. */
const common = {
  entryPoints: [`${cli}dist/main.js`],
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3'],
  sourcemap: 'linked',
  // Less source for V8 to scan at every start (about 20 ms of CPU less for `gamut --version`);
  // names are kept, so an internal error's stack still names its functions.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};
const plugins = [zodEnglishOnly, sdkPlainHeaders, barrelImports(`${repo}packages`)];

rmSync(outdir, { recursive: true, force: true });
await build({
  ...common,
  outdir,
  splitting: true,
  format: 'esm',
  // Bundled CommonJS packages (commander, yaml, …) call `require` for Node's modules.
  banner: {
    js: "import { createRequire as __gamutRequire } from 'node:module'; const require = __gamutRequire(import.meta.url);",
  },
  plugins,
});

// The same program as one CommonJS script, dist/script/main.cjs, which bin/gamut.js compiles with
// `vm.Script` so that V8's code cache can be kept between runs (ES modules have no code-cache API
// in Node 20). Without splitting, esbuild wraps each lazily imported module in a function, so its
// top-level code still runs only when imported. bin/gamut.js passes the script its own file URL
// as `__gamutImportMetaUrl` (package-assets.ts finds the package folder from it).
rmSync(scriptdir, { recursive: true, force: true });
await build({
  ...common,
  outfile: `${scriptdir}/main.cjs`,
  format: 'cjs',
  define: { 'import.meta.url': '__gamutImportMetaUrl' },
  // Replaced below by the script's hash, which names its code cache (bin/compiled-script.js).
  banner: { js: `// gamut-script ${'0'.repeat(64)}` },
  plugins: [builtinImportsAsRequire, ...plugins],
});
const script = readFileSync(`${scriptdir}/main.cjs`, 'utf8');
writeFileSync(
  `${scriptdir}/main.cjs`,
  script.replace('0'.repeat(64), createHash('sha256').update(script).digest('hex')),
);

// A new SDK layout would silently bring the global Headers back: fail the build instead.
const sdkChunks = readdirSync(outdir).filter(
  (f) => f.endsWith('.js') && readFileSync(`${outdir}/${f}`, 'utf8').includes('function withUserAgentSuffix('),
);
const unpatched = sdkChunks.filter((f) => !readFileSync(`${outdir}/${f}`, 'utf8').includes('PlainHeaders'));
if (sdkChunks.length === 0 || unpatched.length > 0)
  throw new Error(`bundle: @ai-sdk/provider-utils not given PlainHeaders (${unpatched.join(', ') || 'not found'})`);

rmSync(assets, { recursive: true, force: true });
for (const { from, to, skip } of SHIPPED) {
  if (!existsSync(`${repo}${from}`)) throw new Error(`bundle: ${from} is missing (build the web app before bundling)`);
  const skipped = skip.map((s) => `${repo}${s}`);
  cpSync(`${repo}${from}`, `${assets}/${to}`, {
    recursive: true,
    filter: (src) => !skipped.some((s) => src === s || src.startsWith(`${s}/`)),
  });
}
