import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningView, startView, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fx = useCliFixture({ beforeAll, afterAll }, { prefix: 'gamut-view-store-later-', server: false });
const gamut = (args: readonly string[]) => fx.gamut(args, { timeoutMs: 120_000 });

let view: RunningView | undefined;
afterAll(() => view?.stop());

describe('gamut view started before there is a store', () => {
  it('sees the store made later by another process on its next request: the review, its people and its labels', async () => {
    expect((await gamut(['demo', '--out', 'd'])).code).toBe(0);
    expect(existsSync(join(fx.dir, '.gamut'))).toBe(false);
    view = await startView(['d'], { cwd: fx.dir });
    const get = async (path: string, token?: string) => {
      const res = await fetch(`${view?.url}${path}`, { headers: token ? { 'x-gamut-token': token } : {} });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await get('api/review')).body).toEqual({ available: false, run: null });
    expect((await get('api/summary')).body.calibration).toBeUndefined();

    // Another process makes the store: a queue of 2 items and two annotators who both say meets.
    const queue = await gamut(['review', 'queue', 'd', '--sample', '2', '--seed', '1']);
    expect(queue.code, queue.stderr).toBe(0);
    expect(existsSync(join(fx.dir, '.gamut'))).toBe(true);
    const tokens: Record<string, string> = {};
    for (const name of ['ann', 'bo']) {
      const r = await gamut(['review', 'add-annotator', 'd', '--name', name, '--role', 'annotator', '--json']);
      tokens[name] = (JSON.parse(r.stdout) as { token: string }).token;
    }
    expect((await get('api/review')).body).toEqual({ available: true, run: 'demo' });
    const me = await get('api/review/me', tokens.ann);
    expect(me.status).toBe(200);
    expect((me.body.queues as { id: string }[]).map((q) => q.id)).toEqual(['labels-1']);

    const events = ['i001', 'i002'].flatMap((item) =>
      ['ann', 'bo'].map((who) => ({
        id: `${who}-${item}`,
        owner_id: 'demo',
        queue_id: 'labels-1',
        item_id: item,
        who,
        role: 'annotator',
        at: '2026-12-01T12:00:00.000Z',
        kind: 'label',
        value: 'meets',
      })),
    );
    fx.write({ 'events.jsonl': `${events.map((e) => JSON.stringify(e)).join('\n')}\n` });
    const imported = await gamut(['review', 'import', 'd', 'events.jsonl']);
    expect(imported.code, imported.stderr).toBe(0);
    expect((await get('api/summary')).body.calibration).toMatchObject({ n_labels: 2, labels: 'review labels of demo' });
  });
});
