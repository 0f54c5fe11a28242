// An esbuild plugin for bundle.mjs: imports of our packages by name (`from '@gamut/core'`) go to
// the files that define the imported names, past the package's index.
//
// Why: esbuild puts a file in the chunks of every entry point that reaches it through any import,
// used or not. Through an index, every command reached all of its package and all that imports:
// `gamut judge` compiled and ran the whole of @gamut/core (1 MB of source, every zod schema of every
// format) and all of @gamut/node, with the wiki, HTML parsing, search and the viewer's server.
//
// Rewritten: `import { a, b as c } from '@gamut/x'` and `export { … } from '@gamut/x'` (tsc writes
// each on one line), `const { a, b } = await import('@gamut/x')` and `(await import('@gamut/x')).a`.
// A name is followed through the index's `export { … } from` lines; it stops at a file with
// `export *`, and anything else is left as it was, so an import can only get narrower, never wrong.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const PACKAGE = /^@gamut\/([a-z]+)$/;
const STATIC = /^(import|export) \{([^}]*)\} from '(@gamut\/[a-z]+)';$/gm;
const DESTRUCTURED = /const \{([^}]*)\} = await import\('(@gamut\/[a-z]+)'\)/g;
const MEMBER = /\(await import\('(@gamut\/[a-z]+)'\)\)\.([A-Za-z_$][\w$]*)/g;
const RE_EXPORT = /^export \{([^}]*)\} from '(\.[^']+)';$/gm;

/** `a, b as c,` → [{ name: 'a', as: 'a' }, { name: 'b', as: 'c' }] (undefined for `type` or `*` forms). */
function specifiers(list) {
  const out = [];
  for (const raw of list.split(',')) {
    const s = raw.trim();
    if (s === '') continue;
    const m = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(s);
    if (m === null) return undefined;
    out.push({ name: m[1], as: m[2] ?? m[1] });
  }
  return out;
}

/** @param {string} packagesDir the folder holding packages/<name>/dist/index.js */
export function barrelImports(packagesDir) {
  const reExports = new Map();
  /** file → exported name → [source file, its name] for the file's `export { … } from` lines. */
  const reExportsOf = (file) => {
    let map = reExports.get(file);
    if (map === undefined) {
      map = new Map();
      const text = readFileSync(file, 'utf8');
      if (!/^export \*/m.test(text))
        for (const [, list, from] of text.matchAll(RE_EXPORT))
          for (const s of specifiers(list) ?? []) map.set(s.as, [resolve(dirname(file), from), s.name]);
      reExports.set(file, map);
    }
    return map;
  };
  /** Where `name`, exported by the index of `pkg`, is defined: [file, name there]. */
  const origin = (pkg, name) => {
    let at = [`${packagesDir}/${pkg}/dist/index.js`, name];
    for (let next = reExportsOf(at[0]).get(at[1]); next !== undefined; next = reExportsOf(at[0]).get(at[1])) at = next;
    return at;
  };
  /** The files defining `specs`, each with its [name there, name here] pairs. */
  const byFile = (spec, specs) => {
    const pkg = PACKAGE.exec(spec)[1];
    const files = new Map();
    for (const s of specs) {
      const [file, name] = origin(pkg, s.name);
      files.set(file, [...(files.get(file) ?? []), [name, s.as]]);
    }
    return [...files];
  };

  return {
    name: 'barrel-imports',
    setup(b) {
      b.onLoad({ filter: /[/\\]packages[/\\][a-z]+[/\\]dist[/\\].*\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes("'@gamut/")) return undefined;
        const contents = text
          .replace(STATIC, (all, kind, list, spec) => {
            const specs = specifiers(list);
            if (specs === undefined) return all;
            const names = (pairs) => pairs.map(([there, here]) => (there === here ? here : `${there} as ${here}`));
            return byFile(spec, specs)
              .map(([file, pairs]) => `${kind} { ${names(pairs).join(', ')} } from ${JSON.stringify(file)};`)
              .join('\n');
          })
          .replace(DESTRUCTURED, (all, list, spec) => {
            const specs = specifiers(list);
            if (specs === undefined) return all;
            const loads = byFile(spec, specs).map(
              ([file, pairs]) =>
                `import(${JSON.stringify(file)}).then((m) => ({ ${pairs.map(([there, here]) => `${here}: m[${JSON.stringify(there)}]`).join(', ')} }))`,
            );
            return `const {${list}} = Object.assign({}, ...(await Promise.all([${loads.join(', ')}])))`;
          })
          .replace(MEMBER, (_all, spec, name) => {
            const [file, there] = origin(PACKAGE.exec(spec)[1], name);
            return `(await import(${JSON.stringify(file)}))[${JSON.stringify(there)}]`;
          });
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}
