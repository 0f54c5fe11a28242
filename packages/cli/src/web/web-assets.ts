import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InputError } from '@gamut/core';
import { assetDirs } from '../io/package-assets.js';

/**
 * Where the built web app is: apps/web/dist in a checkout (built by `npm run build`), else the
 * copy shipped in the package; GAMUT_WEB_DIST overrides both.
 */
function webDistDir(): string {
  const candidates = assetDirs(join('apps', 'web', 'dist'), 'web');
  if (process.env.GAMUT_WEB_DIST) candidates.unshift(resolve(process.env.GAMUT_WEB_DIST));
  const found = candidates.find((c) => existsSync(join(c, 'index.html')));
  if (!found) {
    throw new InputError({
      rule: 'web-app-missing',
      message: `the web app (index.html) is in none of ${candidates.join(', ')}; in a checkout run \`npm run build\`, else reinstall gamut`,
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
