// Runs dist/script/main.cjs (the CLI bundled as one CommonJS script) through `vm.Script`, with
// V8's code cache for it kept in the user's cache folder: compiling the bundle is the largest step
// of every start (docs/performance.md), and Node 20 has no compile cache for ES modules.
//
// The cache is written after the command has done its work, so it holds the functions this run
// compiled, not just the top level; once, when there was none or V8 rejected it. One per verb,
// since each verb compiles different code. Its name carries the bundle's build hash (the script's
// first line), the Node version and the CPU, so a rebuild or a new Node writes a fresh one.
// Anything that goes wrong with the cache is silent and leaves a plain run; GAMUT_COMPILE_CACHE=0
// turns it off. GAMUT_COMPILE_CACHE_DEBUG=1 says on stderr what happened to it (for tests).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

/** The parameters the script's code sees as CommonJS globals, plus the URL for `import.meta.url`. */
const PARAMS = 'exports, require, module, __filename, __dirname, __gamutImportMetaUrl';

/**
 * V8 rejects a code cache written under other V8 flags than the reading run's, and `gamut judge`
 * and `gamut run` change some as they start (src/process/memory-tuning.ts): they are put back to
 * V8's defaults just before the cache is written at exit, when nothing runs any more
 * (`--liftoff-only` also turned off the two WebAssembly tiering flags).
 */
const RUN_TIME_FLAG_DEFAULTS =
  '--heap-growing-percent=0 --no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering --semi-space-growth-factor=2';

function cacheFolder() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'gamut');
}

/** `code-cache-<hash>-<node>-<arch>-<verb>.bin`; the verb only when it is a plain word. */
function cacheName(firstLine) {
  const hash = /^\/\/ gamut-script ([0-9a-f]{16,64})$/.exec(firstLine)?.[1];
  if (!hash) return null;
  const verb = /^[a-z][a-z-]{0,31}$/.test(process.argv[2] ?? '') ? process.argv[2] : '_';
  return {
    prefix: 'code-cache-',
    file: `code-cache-${hash.slice(0, 16)}-${process.version}-${process.arch}-${verb}.bin`,
    verb,
  };
}

/**
 * The file is the SHA-256 of V8's data, then the data: V8 checks the data's header and length but
 * not its bytes (release builds), and a damaged cache must not run as code. `null` when damaged.
 */
function readCache(path) {
  let file;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  const data = file.subarray(32);
  return file.length > 32 && createHash('sha256').update(data).digest().equals(file.subarray(0, 32)) ? data : null;
}

/** Temp file and rename, so a reader never sees half a cache; stale caches for the verb go too. */
function writeCache(folder, name, data) {
  mkdirSync(folder, { recursive: true });
  const temp = join(folder, `${name.file}.${process.pid}.tmp`);
  writeFileSync(temp, Buffer.concat([createHash('sha256').update(data).digest(), data]));
  renameSync(temp, join(folder, name.file));
  for (const f of readdirSync(folder)) {
    if (f.startsWith(name.prefix) && f.endsWith(`-${name.verb}.bin`) && f !== name.file)
      rmSync(join(folder, f), { force: true });
  }
}

/** Compiles and runs the script at `url` (a file URL); resolves once its top level has run. */
export function runCompiledScript(url) {
  const filename = fileURLToPath(url);
  const source = readFileSync(filename, 'utf8');
  const debug = process.env.GAMUT_COMPILE_CACHE_DEBUG === '1';
  const name = process.env.GAMUT_COMPILE_CACHE === '0' ? null : cacheName(source.slice(0, source.indexOf('\n')));
  const folder = name ? cacheFolder() : null;
  const cachedData = name ? readCache(join(folder, name.file)) : undefined;
  const script = new vm.Script(`(function (${PARAMS}) {${source}\n})`, {
    filename,
    cachedData: cachedData ?? undefined,
  });
  const used = cachedData != null && !script.cachedDataRejected;
  if (debug)
    process.stderr.write(
      `gamut compile cache: ${name ? (used ? 'used' : cachedData === undefined ? 'absent' : 'rejected') : 'off'}\n`,
    );
  if (name && !used) {
    process.once('exit', () => {
      try {
        setFlagsFromString(RUN_TIME_FLAG_DEFAULTS);
        writeCache(folder, name, script.createCachedData());
        if (debug) process.stderr.write('gamut compile cache: written\n');
      } catch {
        // An unwritable cache folder costs the next run its cache, nothing else.
      }
    });
  }
  const module = { exports: {}, filename, id: '.', loaded: false };
  const run = script.runInThisContext();
  run.call(
    module.exports,
    module.exports,
    createRequire(filename),
    module,
    filename,
    dirname(filename),
    pathToFileURL(filename).href,
  );
}
