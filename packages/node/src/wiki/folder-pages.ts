import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { InputError, type Issue, parseText, type WikiPage } from '@gamut/core';
import { type PageOrigin, pageFileExtension, pageFromFile, SIDECAR_FILE } from '@gamut/wiki';

/** A page's JSON (or a sidecar's JSON or YAML) metadata, read as every input is: problems at their line and column. */
function metadataOf(text: string, file: string): Record<string, unknown> {
  const { records, issues } = parseText(text, file);
  if (issues.length) throw new InputError(issues);
  const value = records[0]?.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A folder of pages, one file per page version: `.json` (a WikiPage, or its
 * metadata with `body`), `.md`/`.txt` (YAML front matter optional), `.xml`/`.html`
 * (storage format), each read by `pageFromFile` (its defaults are there).
 * Metadata may also sit in a sidecar `<name>.meta.json|yaml`.
 */
export async function readPageFolder(
  root: string,
  opts: { only?: string } = {},
): Promise<{ pages: WikiPage[]; origins: PageOrigin[] }> {
  const only = opts.only === undefined ? undefined : join(opts.only);
  const files = (await readdir(root, { recursive: only === undefined, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    // One page file (and its sidecar) when `only` names it.
    .filter(
      (f) =>
        only === undefined || f === only || (SIDECAR_FILE.test(f) && f.startsWith(only.replace(/\.[^.\\/]+$/, ''))),
    )
    .sort();
  const sidecars = new Set(files.filter((f) => SIDECAR_FILE.test(f)));
  const pages: WikiPage[] = [];
  const origins: PageOrigin[] = [];
  const issues: Issue[] = [];
  for (const file of files) {
    const rel = relative(root, file).split(sep).join('/');
    const ext = pageFileExtension(rel);
    if (ext === undefined) continue;
    try {
      const text = await readFile(file, 'utf8');
      const sidecar = files.find(
        (f) =>
          sidecars.has(f) &&
          (f.startsWith(`${join(root, rel)}.meta.`) || f.startsWith(`${join(root, rel.slice(0, -ext.length))}.meta.`)),
      );
      pages.push(
        pageFromFile({
          path: rel,
          text,
          file,
          ...(ext === '.json' && { json: metadataOf(text.replace(/^\uFEFF/, ''), file) }),
          ...(sidecar && { sidecar: metadataOf(await readFile(sidecar, 'utf8'), sidecar) }),
        }),
      );
      origins.push({ file });
    } catch (e) {
      if (!InputError.isInputError(e)) throw e;
      issues.push(...e.issues);
    }
  }
  if (issues.length) throw new InputError(issues);
  if (!pages.length)
    throw new InputError({
      rule: 'empty-folder',
      message: `no page files (.json, .md, .txt, .xml, .html) in ${root}`,
      file: root,
    });
  return { pages, origins };
}
