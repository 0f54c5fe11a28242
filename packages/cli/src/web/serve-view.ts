import { resolve } from 'node:path';
import { InputError } from '@gamut/core';
import { serve } from '@hono/node-server';
import { reportModelOfRun } from './build-report.js';
import { createViewApp } from './view-server.js';
import { loadWebApp } from './web-assets.js';

export interface ServeViewOptions {
  port: string;
  judge?: string;
  missingAsMissing?: boolean;
}

export async function serveView(run: string, o: ServeViewOptions): Promise<void> {
  if (!/^\d+$/.test(o.port) || Number(o.port) > 65535) {
    throw new InputError({
      rule: 'option-invalid',
      message: `--port must be an integer between 0 and 65535; got "${o.port}"`,
    });
  }
  const runDir = resolve(run);
  if (process.stderr.isTTY) process.stderr.write(`Reading and scoring ${runDir}…\n`);
  const [model, app] = await Promise.all([
    reportModelOfRun(runDir, {
      ...(o.judge !== undefined && { judge: o.judge }),
      ...(o.missingAsMissing && { missingAsMissing: true }),
    }),
    loadWebApp(),
  ]);
  const hono = createViewApp({ runDir, model, app });
  await new Promise<void>((done, fail) => {
    const server = serve({ fetch: hono.fetch, hostname: '127.0.0.1', port: Number(o.port) }, (info) => {
      process.stdout.write(`Gamut viewer for ${runDir}\nhttp://127.0.0.1:${info.port}/\n`);
    });
    server.on('error', (e: NodeJS.ErrnoException) =>
      fail(
        e.code === 'EADDRINUSE'
          ? new InputError({ rule: 'port-in-use', message: `port ${o.port} is in use; pass --port` })
          : e,
      ),
    );
    const stop = () => server.close(() => done());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
