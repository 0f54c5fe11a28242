import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '@gamut/core';

/**
 * Where the built web app is: apps/web/dist in the monorepo (built by
 * `npm run build`), or GAMUT_WEB_DIST for a packaged install.
 */
function webDistDir(): string {
  const candidates: string[] = [];
  if (process.env.GAMUT_WEB_DIST) candidates.push(resolve(process.env.GAMUT_WEB_DIST));
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(join(dir, 'apps', 'web', 'dist'));
    dir = dirname(dir);
  }
  const found = candidates.find((c) => existsSync(join(c, 'index.html')));
  if (!found) {
    throw new InputError({
      rule: 'web-app-missing',
      message: 'the web app is not built (apps/web/dist/index.html); run `npm run build` first',
    });
  }
  return found;
}

export interface WebApp {
  dir: string;
  indexHtml: string;
  /** The app's one script and one stylesheet, as the build wrote them. */
  script: { src: string; code: string };
  style: { href: string; code: string } | null;
}

export async function loadWebApp(dir = webDistDir()): Promise<WebApp> {
  const indexHtml = await readFile(join(dir, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(indexHtml)?.[1];
  const href = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(indexHtml)?.[1];
  if (!src) throw new InputError({ rule: 'web-app-broken', message: `${dir}/index.html names no script` });
  const code = await readFile(join(dir, src), 'utf8');
  const style = href ? { href, code: await readFile(join(dir, href), 'utf8') } : null;
  return { dir, indexHtml, script: { src, code }, style };
}
