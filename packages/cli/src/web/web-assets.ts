import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '@gamut/core';
import { loadWebApp as loadWebAppFrom, type WebApp } from '@gamut/node';
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

/** The web app `gamut` ships (or a checkout built). */
export function loadWebApp(): Promise<WebApp> {
  return loadWebAppFrom(webDistDir());
}
