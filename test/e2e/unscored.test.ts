import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runGamut } from '@gamut/testkit';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';

const SHOTS = join(fileURLToPath(new URL('../../', import.meta.url)), 'test-results', 'screenshots');
const REASON = 'The judge declined to grade this answer.';
let reportUrl: string;
let failed: { question_id: string; model: string; setting: string; check_id: string };
let browser: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'gamut-e2e-unscored-'));
  const run = join(dir, 'run');
  const demo = await runGamut(['demo', '--out', run]);
  expect(demo.code, demo.stderr).toBe(0);
  // One check of one answer ends as a judge failure: the answer must show as unscored, not as a verdict.
  const file = join(run, 'verdicts.jsonl');
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const first = JSON.parse(lines[0] as string);
  failed = first;
  lines[0] = JSON.stringify({
    question_id: first.question_id,
    model: first.model,
    setting: first.setting,
    check_id: first.check_id,
    verdict: null,
    failure: { kind: 'refusal', reason: REASON },
    judge: first.judge,
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  const report = await runGamut(['report', run, '-o', join(dir, 'report.html')]);
  expect(report.code, report.stderr).toBe(0);
  reportUrl = pathToFileURL(join(dir, 'report.html')).href;
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
});

describe('an answer with a judge failure, in the report', () => {
  it('the leaderboard counts it as unscored and says why', async () => {
    const page = await browser.newPage();
    await page.goto(`${reportUrl}#/?setting=${failed.setting}`);
    await page.getByTestId('leaderboard').waitFor();
    const row = page.locator(`[data-testid="lb-row"][data-model="${failed.model}"][data-setting="${failed.setting}"]`);
    expect(await row.getByTestId('lb-unscored').textContent()).toBe('1');
    expect(await page.getByTestId('lb-unscored-notes').textContent()).toContain(
      `${failed.model}: 1 answer unscored (judge failures: 1 refusal)`,
    );
    await page.screenshot({ path: join(SHOTS, 'unscored-leaderboard.png'), fullPage: true });
    await page.close();
  });

  it('the question page shows the failed check as a state of its own, with its kind and reason', async () => {
    const page = await browser.newPage();
    await page.goto(
      `${reportUrl}#/questions/${failed.question_id}?model=${encodeURIComponent(failed.model)}&setting=${failed.setting}`,
    );
    await page.getByTestId('check-row').first().waitFor();
    expect(await page.getByTestId('answer-gamut').textContent()).toBe('unscored');
    const check = page.locator(`[data-testid="check-row"][data-check="${failed.check_id}"]`);
    expect(await check.getAttribute('data-verdict')).toBe('failed');
    expect(await check.textContent()).toContain('judge failed');
    const failure = page.getByTestId('judge-failure');
    expect(await failure.getAttribute('data-kind')).toBe('refusal');
    expect(await failure.textContent()).toContain(`${failed.check_id}: ${REASON}`);
    await page.screenshot({ path: join(SHOTS, 'unscored-question.png'), fullPage: true });
    await page.close();
  });
});
