import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningView, runGamut, startView } from '@gamut/testkit';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = process.env.GAMUT_SHOTS ?? join(ROOT, 'test-results', 'screenshots');

let cwd: string;
let view: RunningView;
let browser: BrowserContext;
let closeBrowser: () => Promise<void>;
let token = '';
const gamut = (args: readonly string[]) => runGamut(args, { cwd, timeoutMs: 120_000 });
const json = (name: string) => JSON.parse(readFileSync(join(cwd, name), 'utf8'));

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  cwd = mkdtempSync(join(tmpdir(), 'gamut-e2e-flags-'));
  expect((await gamut(['demo', '--out', 'd'])).code).toBe(0);
  const q = await gamut(['review', 'queue', 'd', '--flags']);
  expect(q.code, q.stderr).toBe(0);
  const r = await gamut(['review', 'add-annotator', 'd', '--name', 'rita', '--role', 'reviewer', '--json']);
  token = (JSON.parse(r.stdout) as { token: string }).token;
  view = await startView(['d'], { cwd });
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 180_000);

afterAll(async () => {
  await closeBrowser?.();
  view?.stop();
});

describe('a reviewer confirms a wiki flag in the browser; the release is a new golden version', () => {
  it('confirm with a reason by keyboard, reject by click; propose --review and release freeze 1.0.1, the run keeps 1.0.0', async () => {
    const page = await browser.newPage();
    await page.goto(`${view.url}#/review`);
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.getByLabel('Personal token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'flags-1' }).click();
    await page.getByTestId('wiki-flag-queue').waitFor();
    // f001: the demo's value override on q-ko-004; reject it by click, with a reason.
    const item = page.getByTestId('review-item');
    expect(await item.getAttribute('data-item')).toBe('f001');
    expect(await page.getByTestId('flag-kind').textContent()).toContain('value override');
    // Without a reason nothing is recorded: the reason goes into the changelog.
    await page.locator('[data-decision="reject"]').click();
    expect(await page.getByTestId('review-error').textContent()).toContain('say why you reject');
    await page.getByLabel('Reason').fill('the agent left the value out; the set is right');
    await page.locator('[data-decision="reject"]').click();
    // f002: q-ko-006, OPS-102 also states "1시간"; confirm by keyboard (a).
    await page.locator('[data-item="f002"]').waitFor();
    expect(await page.getByTestId('flag-detail').textContent()).toContain('OPS-102 also states "1시간"');
    expect(await page.getByTestId('flag-change').textContent()).toBe("add OPS-102 to q-ko-006 F1's pages");
    expect(
      await page.locator('[data-testid="flag-page"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-page'))),
    ).toEqual(['OPS-102', 'SEC-402']);
    await page.getByLabel('Reason').fill('OPS-102 v2 states the 1시간 window too');
    await page.getByLabel('Reason').press('Escape');
    await page.screenshot({ path: join(SHOTS, 'wiki-flag.png'), fullPage: true });
    await page.keyboard.press('a');
    await page.locator('[data-item="f003"]').waitFor();
    // u undoes the last decision (a new event) and shows it again; a confirms it once more.
    await page.keyboard.press('u');
    await page.locator('[data-item="f002"]').waitFor();
    await page.getByLabel('Reason').fill('OPS-102 v2 states the 1시간 window too');
    await page.getByLabel('Reason').press('Escape');
    await page.keyboard.press('a');
    await page.locator('[data-item="f003"]').waitFor();
    await page.close();

    const p = await gamut(['rag', 'golden', 'propose', 'd/rag/golden.json', '--review', 'd', '-o', 'prop.json']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stdout).toContain('1 change (0 confirmed without a change, 1 rejected)');
    expect(p.stdout).toContain('(confirmed by rita: OPS-102 v2 states the 1시간 window too)');
    const r = await gamut([
      'rag',
      'golden',
      'release',
      'prop.json',
      '--wiki',
      'd/rag/wiki.jsonl',
      '--base',
      'd/rag/golden.json',
      '-o',
      'golden-1.0.1.json',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const old = json('d/rag/golden.json');
    const next = json('golden-1.0.1.json');
    expect([next.version, next.frozen_hash]).toEqual(['1.0.1', JSON.parse(r.stdout).hash]);
    expect(next.frozen_hash).not.toBe(old.frozen_hash);
    expect(readFileSync(join(cwd, 'golden-1.0.1.changelog.md'), 'utf8')).toContain('q-ko-006 F1: page OPS-102 added');
    // The old run still reports the version it was graded on.
    expect(json('d/rag/rag-score.json').golden).toEqual({
      name: 'norumi-wiki-qa',
      version: '1.0.0',
      hash: old.frozen_hash,
    });
  }, 120_000);
});
