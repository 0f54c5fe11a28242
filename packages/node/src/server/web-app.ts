import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '@gamut/core';

export interface WebApp {
  dir: string;
  indexHtml: string;
  /** The app's one script and one stylesheet, as the build wrote them. */
  script: { src: string; code: string };
  style: { href: string; code: string } | null;
}

/** Reads a built web app (its index.html, one script, one stylesheet) from `dir`. */
export async function loadWebApp(dir: string): Promise<WebApp> {
  const indexHtml = await readFile(join(dir, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(indexHtml)?.[1];
  const href = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(indexHtml)?.[1];
  if (!src) throw new InputError({ rule: 'web-app-broken', message: `${dir}/index.html names no script` });
  const code = await readFile(join(dir, src), 'utf8');
  const style = href ? { href, code: await readFile(join(dir, href), 'utf8') } : null;
  return { dir, indexHtml, script: { src, code }, style };
}
