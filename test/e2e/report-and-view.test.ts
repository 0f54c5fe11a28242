import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RunningView, runGamut, startView } from '@gamut/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = join(ROOT, 'test-results', 'screenshots');
const XSS =
  'Evil answer <script>window.__pwned = 1</script> and <img src=x onerror="window.__pwned = 2; alert(1)"> end.';

interface ScoreModel {
  model: string;
  setting: string;
  gamut: number | null;
  ci95: [number, number] | null;
}

const shown = (x: number | null) => (x === null ? '—' : (x * 100).toFixed(1));

let run: string;
let reportUrl: string;
let cliModels: ScoreModel[];
let browser: BrowserContext;
let closeBrowser: () => Promise<void>;
let server: RunningView | null = null;
let viewUrl: string;
let xssQuestion: string;
let xssModel: string;
let xssSetting: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'gamut-e2e-'));
  run = join(dir, 'run');
  const demo = await runGamut(['demo', '--out', run]);
  expect(demo.code, demo.stderr).toBe(0);
  // A model answer that tries to run script: it must show as text and execute nothing.
  const answersFile = join(run, 'answers.jsonl');
  const lines = readFileSync(answersFile, 'utf8').trim().split('\n');
  const first = JSON.parse(lines[0] as string) as {
    question_id: string;
    model: string;
    setting: string;
    response: string;
  };
  xssQuestion = first.question_id;
  xssModel = first.model;
  xssSetting = first.setting;
  lines[0] = JSON.stringify({ ...first, response: XSS });
  writeFileSync(answersFile, `${lines.join('\n')}\n`);

  const report = await runGamut(['report', run, '-o', join(dir, 'report.html')]);
  expect(report.code, report.stderr).toBe(0);
  reportUrl = pathToFileURL(join(dir, 'report.html')).href;
  const score = await runGamut([
    'score',
    '--rubrics',
    join(run, 'rubrics.jsonl'),
    '--verdicts',
    join(run, 'verdicts.jsonl'),
    '--json',
  ]);
  expect(score.code, score.stderr).toBe(0);
  cliModels = (JSON.parse(score.stdout) as { models: ScoreModel[] }).models;
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
});

async function watchForScript(page: Page): Promise<string[]> {
  const events: string[] = [];
  page.on('dialog', async (d) => {
    events.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
  page.on('pageerror', (e) => events.push(`pageerror: ${e.message}`));
  return events;
}

async function expectLeaderboardMatchesCli(page: Page, base: string): Promise<void> {
  for (const setting of ['multimodal', 'text_only']) {
    await page.goto(`${base}#/?setting=${setting}`);
    await page.getByTestId('leaderboard').waitFor();
    const rows = page.locator(`[data-testid="lb-row"][data-setting="${setting}"]`);
    const expected = cliModels.filter((m) => m.setting === setting);
    await expect.poll(() => rows.count()).toBe(expected.length);
    for (const m of expected) {
      const row = page.locator(`[data-testid="lb-row"][data-model="${m.model}"][data-setting="${setting}"]`);
      expect(await row.getByTestId('lb-gamut').textContent()).toBe(shown(m.gamut));
      expect(await row.getByTestId('lb-ci').textContent()).toBe(
        m.ci95 ? `[${shown(m.ci95[0])}, ${shown(m.ci95[1])}]` : '—',
      );
    }
    // Ranked by score, as the CLI's means say.
    const order = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-model')));
    const want = [...expected].sort((a, b) => (b.gamut ?? -9) - (a.gamut ?? -9)).map((m) => m.model);
    expect(order).toEqual(want);
  }
}

async function expectDrillDown(page: Page, base: string, label: string): Promise<void> {
  await page.goto(`${base}#/questions`);
  const rows = page.getByTestId('question-row');
  await rows.first().waitFor();
  const id = (await rows.first().locator('.qid').textContent()).trim();
  await rows.first().click();
  await expect.poll(() => page.url()).toContain(`#/questions/${id}`);
  const checks = page.getByTestId('check-row');
  await checks.first().waitFor();
  expect(await checks.count()).toBeGreaterThan(3);
  const verdicts = await checks.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
  expect(verdicts.every((v) => ['meets', 'partially_meets', 'missing', 'contradicts'].includes(v as string))).toBe(
    true,
  );
  await expect.poll(() => page.getByTestId('meta-item').count()).toBeGreaterThan(0);
  // Clicking a check shows the meta-rubric item it came from and its evidence.
  await checks.first().click();
  await expect.poll(() => page.getByTestId('check-origin').textContent()).toMatch(/from I1/);
  expect(await page.locator('[data-testid="meta-item"].active').count()).toBe(1);
  await page.screenshot({ path: join(SHOTS, `${label}-question-en.png`), fullPage: true });
  // A Korean question renders its text (not replaced or cut) and its checks.
  await page.goto(`${base}#/questions/q-ko-01`);
  await page.getByTestId('check-row').first().waitFor();
  expect(await page.getByTestId('question-title').textContent()).toMatch(/[가-힣]/);
  await page.screenshot({ path: join(SHOTS, `${label}-question-ko.png`), fullPage: true });
}

async function expectScriptInert(page: Page, base: string, label: string): Promise<void> {
  const events = await watchForScript(page);
  await page.goto(`${base}#/questions/${xssQuestion}?model=${xssModel}&setting=${xssSetting}`);
  const answer = page.getByTestId('answer-text');
  await answer.waitFor();
  expect(await answer.textContent()).toContain('<script>window.__pwned = 1</script>');
  expect(await answer.textContent()).toContain('<img src=x onerror=');
  expect(await answer.locator('script, img').count()).toBe(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(events.filter((e) => e.startsWith('dialog'))).toEqual([]);
  await page.screenshot({ path: join(SHOTS, `${label}-escaped-answer.png`), fullPage: true });
}

describe('static report.html from disk', () => {
  it('shows the same leaderboard numbers as `gamut score --json`', async () => {
    const page = await browser.newPage();
    await expectLeaderboardMatchesCli(page, reportUrl);
    await page.screenshot({ path: join(SHOTS, 'report-leaderboard.png'), fullPage: true });
    await page.close();
  });

  it('opens a question and shows each check’s verdict, in English and Korean', async () => {
    const page = await browser.newPage();
    await expectDrillDown(page, reportUrl, 'report');
    await page.close();
  });

  it('shows an answer with <script> and <img onerror> as text and runs nothing', async () => {
    const page = await browser.newPage();
    await expectScriptInert(page, reportUrl, 'report');
    await page.close();
  });

  it('renders the other pages', async () => {
    const page = await browser.newPage();
    for (const [route, testId] of [
      ['domains', 'heatmap'],
      ['settings', 'settings-by-domain'],
      ['domains?by=popularity', 'heatmap'],
      ['rag', 'rag-questions'],
    ] as const) {
      await page.goto(`${reportUrl}#/${route}`);
      await page.getByTestId(testId).waitFor();
      await page.screenshot({ path: join(SHOTS, `report-${route.replace(/\W+/g, '-')}.png`), fullPage: true });
    }
    await page.goto(`${reportUrl}#/rag/q-ko-001`);
    await page.getByTestId('rag-claims').waitFor();
    expect(await page.getByTestId('rag-claims').textContent()).toMatch(/POL-101/);
    await page.screenshot({ path: join(SHOTS, 'report-rag-question.png'), fullPage: true });
    await page.close();
  });
});

describe('gamut view', () => {
  beforeAll(async () => {
    server = await startView([run]);
    viewUrl = server.url;
  });

  it('serves the same leaderboard numbers as `gamut score --json`', async () => {
    const page = await browser.newPage();
    await expectLeaderboardMatchesCli(page, viewUrl);
    await page.screenshot({ path: join(SHOTS, 'view-leaderboard.png'), fullPage: true });
    await page.close();
  });

  it('drills into a question over HTTP, image served from the run directory', async () => {
    const page = await browser.newPage();
    await expectDrillDown(page, viewUrl, 'view');
    const img = page.locator('img.qimage');
    await img.waitFor();
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.close();
  });

  it('shows a hostile answer as text', async () => {
    const page = await browser.newPage();
    await expectScriptInert(page, viewUrl, 'view');
    await page.close();
  });
});

describe('a run judged by two judges', () => {
  it('shows the scatter, the rank table and Kendall’s tau as the analysis computes them', async () => {
    const { analyzeJudges, CompiledRubric, VerdictLine } = await import('@gamut/core');
    const two = join(run, '..', 'two-judges');
    const demo = await runGamut(['demo', '--out', two]);
    expect(demo.code, demo.stderr).toBe(0);
    const file = join(two, 'verdicts.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    // A stricter second judge: every third `meets` becomes `partially_meets`.
    const strict = lines.map((l, i) => {
      const v = JSON.parse(l);
      return JSON.stringify({
        ...v,
        judge: 'strict',
        verdict: v.verdict === 'meets' && i % 3 === 0 ? 'partially_meets' : v.verdict,
      });
    });
    writeFileSync(file, `${[...lines, ...strict].join('\n')}\n`);
    const out = join(run, '..', 'two-judges.html');
    const res = await runGamut(['report', two, '-o', out, '--judge', 'offline']);
    expect(res.code, res.stderr).toBe(0);

    const rubrics = readFileSync(join(two, 'rubrics.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => CompiledRubric.parse(JSON.parse(l)));
    const verdicts = [...lines, ...strict].map((l) => VerdictLine.parse(JSON.parse(l)));
    const expected = analyzeJudges({ rubrics, verdicts });

    const page = await browser.newPage();
    await page.goto(`${pathToFileURL(out).href}#/judges`);
    await page.getByTestId('rank-table').waitFor();
    expect(await page.locator('[data-testid="rank-table"] tbody tr').count()).toBe(expected.models.length);
    expect(await page.getByTestId('kendall-tau').textContent()).toBe(expected.pairs[0]?.kendall_tau?.toFixed(2));
    expect(await page.locator('svg[aria-label="offline vs strict"] circle').count()).toBe(
      expected.pairs[0]?.points.length,
    );
    await page.screenshot({ path: join(SHOTS, 'report-judges.png'), fullPage: true });
    await page.close();
  });
});
