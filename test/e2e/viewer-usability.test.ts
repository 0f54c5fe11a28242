import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RunningView, runGamut, startView } from '@gamut/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = process.env.GAMUT_SHOTS ?? join(ROOT, 'test-results', 'screenshots');
/** Words that occur nowhere in the demo: one in an entity, one in an answer. */
const ENTITY_WORD = 'Zephyrine';
const ANSWER_WORD = 'quokkafication';

interface ScoreModel {
  model: string;
  setting: string;
  gamut: number | null;
}

let dir: string;
let run: string;
let other: string;
let reportUrl: string;
let view: RunningView;
let browser: BrowserContext;
let closeBrowser: () => Promise<void>;

const readLines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const writeLines = (file: string, lines: readonly unknown[]) =>
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);

/**
 * The demo run with a second, stricter judge (every third `meets` is `partially_meets`), a unique word in one
 * question's entity and in one answer; and a second run of the same questions whose verdicts are harsher and
 * whose q-en-03 rubric changed.
 */
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'gamut-e2e-ux-'));
  run = join(dir, 'run');
  other = join(dir, 'other');
  for (const d of [run, other]) {
    const demo = await runGamut(['demo', '--out', d]);
    expect(demo.code, demo.stderr).toBe(0);
  }
  const verdicts = readLines(join(run, 'verdicts.jsonl'));
  const strict = verdicts.map((v, i) => ({
    ...v,
    judge: 'strict',
    verdict: v.verdict === 'meets' && i % 3 === 0 ? 'partially_meets' : v.verdict,
  }));
  writeLines(join(run, 'verdicts.jsonl'), [...verdicts, ...strict]);
  const metas = readLines(join(run, 'meta-rubrics.jsonl'));
  metas[1] = { ...metas[1], entity: `${ENTITY_WORD} tower` };
  writeLines(join(run, 'meta-rubrics.jsonl'), metas);
  const answers = readLines(join(run, 'answers.jsonl'));
  const target = answers.findIndex((a) => a.question_id === 'q-en-04');
  answers[target] = { ...answers[target], response: `${String(answers[target]?.response)} A ${ANSWER_WORD}.` };
  writeLines(join(run, 'answers.jsonl'), answers);

  const harsher = readLines(join(other, 'verdicts.jsonl')).map((v, i) =>
    v.verdict === 'meets' && i % 4 === 0 ? { ...v, verdict: 'missing' } : v,
  );
  writeLines(join(other, 'verdicts.jsonl'), harsher);
  const manifest = JSON.parse(readFileSync(join(other, 'manifest.json'), 'utf8'));
  writeFileSync(join(other, 'manifest.json'), JSON.stringify({ ...manifest, run_id: 'demo-b' }));
  const rubrics = readLines(join(other, 'rubrics.jsonl'));
  const changed = rubrics.findIndex((r) => r.question_id === 'q-en-03');
  rubrics[changed] = { ...rubrics[changed], rubric_hash: '0'.repeat(64) };
  writeLines(join(other, 'rubrics.jsonl'), rubrics);

  const report = await runGamut(['report', run, '-o', join(dir, 'report.html'), '--judge', 'offline']);
  expect(report.code, report.stderr).toBe(0);
  reportUrl = pathToFileURL(join(dir, 'report.html')).href;
  const otherReport = await runGamut(['report', other, '-o', join(dir, 'other.html')]);
  expect(otherReport.code, otherReport.stderr).toBe(0);
  view = await startView([run, '--judge', 'offline', '--compare', other]);
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 180_000);

afterAll(async () => {
  await closeBrowser?.();
  view?.stop();
});

/** Console errors, uncaught exceptions, failed requests and HTTP errors while the page is open. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on('request', (r) => {
    if (/favicon/.test(r.url())) problems.push(`asked for ${r.url()}`);
  });
  return problems;
}

const PAGES: ReadonlyArray<[string, string]> = [
  ['', 'leaderboard'],
  ['?judge=strict&setting=text_only', 'leaderboard'],
  ['domains', 'heatmap'],
  ['settings', 'settings-table'],
  ['judges', 'rank-table'],
  ['questions', 'questions-table'],
  ['questions/q-en-01', 'checks'],
  ['questions/q-ko-01', 'checks'],
  ['rag', 'rag-questions'],
  ['rag/q-ko-001', 'rag-claims'],
  ['compare', 'compare-questions'],
];

describe('the viewer as a new user meets it', () => {
  it('logs no console error, CSP violation, failed request or favicon miss on any page, served or from disk', async () => {
    for (const [base, pages] of [
      [view.url, PAGES],
      [reportUrl, PAGES.filter(([p]) => p !== 'compare')],
    ] as const) {
      const page = await browser.newPage();
      const problems = watchConsole(page);
      for (const [route, testId] of pages) {
        await page.goto(`${base}#/${route}`);
        await page.getByTestId(testId).first().waitFor();
      }
      await page.waitForTimeout(300);
      expect(problems, base).toEqual([]);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
      await page.close();
    }
  });

  it('lines the questions-list header up with its rows, with no list bullets', async () => {
    const page = await browser.newPage();
    for (const width of [1280, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${view.url}#/questions`);
      await page.getByTestId('question-row').first().waitFor();
      const cols = ['.qid', '.qtext', '.qmeta', '.qscore'];
      const head = await Promise.all(cols.map((c) => page.locator(`.qhead ${c}`).boundingBox()));
      const row = await Promise.all(cols.map((c) => page.getByTestId('question-row').first().locator(c).boundingBox()));
      for (let i = 0; i < cols.length; i++) {
        expect(Math.abs((head[i]?.x ?? -99) - (row[i]?.x ?? 99)), `${cols[i]} at ${width}px`).toBeLessThanOrEqual(1);
        expect(
          Math.abs((head[i]?.width ?? -99) - (row[i]?.width ?? 99)),
          `${cols[i]} at ${width}px`,
        ).toBeLessThanOrEqual(1);
      }
      const markers = await page
        .locator('.vbody > li')
        .evaluateAll((els) => els.filter((e) => getComputedStyle(e).listStyleType !== 'none').length);
      expect(markers).toBe(0);
      expect(await page.locator('.vbody > li').count()).toBe(12);
      // Row k sits k rows down: the list is windowed by absolute positions.
      const tops = await page.locator('.vbody > li').evaluateAll((els) => els.map((e) => (e as HTMLElement).offsetTop));
      expect(tops).toEqual(tops.map((_, k) => k * 36));
    }
    await page.screenshot({ path: join(SHOTS, 'questions-list.png'), fullPage: true });
    await page.close();
  });

  it('breaks no word in any table cell, at phone, tablet and desktop widths', async () => {
    const page = await browser.newPage();
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [route, testId] of PAGES) {
        await page.goto(`${view.url}#/${route}`);
        await page.getByTestId(testId).first().waitFor();
        const broken = await page.evaluate(() => {
          const out: string[] = [];
          for (const cell of document.querySelectorAll('td, th')) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const text = n.textContent ?? '';
              for (const m of text.matchAll(/[^\s\-–—/·,()[\]]+/g)) {
                const r = document.createRange();
                r.setStart(n, m.index);
                r.setEnd(n, m.index + m[0].length);
                const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
                if (lines.size > 1) out.push(m[0]);
              }
            }
          }
          return out;
        });
        expect(broken, `${route} at ${width}px`).toEqual([]);
      }
    }
    await page.setViewportSize({ width: 360, height: 900 });
    await page.goto(`${view.url}#/questions/q-ko-01`);
    await page.getByTestId('checks').waitFor();
    await page.screenshot({ path: join(SHOTS, 'question-ko-phone.png'), fullPage: true });
    await page.close();
  });

  it('searches question text, ids, entities and answers, and says so when nothing matches', async () => {
    const page = await browser.newPage();
    const ids = async (q: string) => {
      await page.goto(`${view.url}#/questions?q=${encodeURIComponent(q)}`);
      await expect.poll(() => page.getByTestId('question-count').textContent()).not.toMatch(/searching/);
      if (await page.getByTestId('questions-empty').isVisible()) return [];
      return page.locator('[data-testid="question-row"] .qid').allTextContents();
    };
    expect(await ids('q-ko-0')).toEqual(['q-ko-01', 'q-ko-02', 'q-ko-03', 'q-ko-04']);
    expect(await ids('traditionally MADE')).toEqual(['q-en-01']);
    expect(await ids(ENTITY_WORD.toLowerCase())).toEqual(['q-en-02']);
    expect(await ids(ANSWER_WORD)).toEqual(['q-en-04']);
    expect(await page.getByTestId('question-row').first().textContent()).toMatch(/in an answer/);
    expect(await ids('궁궐')).toEqual(['q-ko-02']);
    expect(await ids('no such thing anywhere')).toEqual([]);
    expect(await page.getByTestId('questions-empty').textContent()).toMatch(
      /No question matches “no such thing anywhere”/,
    );
    await page.screenshot({ path: join(SHOTS, 'questions-empty.png') });
    await page.getByText('Clear the search and filters').click();
    await expect.poll(() => page.getByTestId('question-row').count()).toBe(12);
    // The static report searches the answers it carries too.
    await page.goto(`${reportUrl}#/questions?q=${ANSWER_WORD}`);
    await expect.poll(() => page.locator('[data-testid="question-row"] .qid').allTextContents()).toEqual(['q-en-04']);
    await page.close();
  });

  it('has a legend whose colours are the verdict bars’ and the answer underlines’', async () => {
    const page = await browser.newPage();
    await page.goto(`${view.url}#/`);
    const legend = page.getByTestId('verdict-legend');
    await legend.waitFor();
    for (const code of ['M', 'P', 'S', 'C']) {
      const swatch = await legend.locator(`.swatch.v-${code}`).evaluate((e) => getComputedStyle(e).backgroundColor);
      const bar = await page
        .locator(`.verdict-bar .v-${code}`)
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor);
      expect(swatch).toBe(bar);
    }
    expect(await legend.locator('[data-verdict="partially_meets"]').getAttribute('title')).toMatch(
      /directionally right but imprecise/,
    );
    await page.goto(`${view.url}#/questions/q-en-01`);
    const underlines = page.getByTestId('underline-legend');
    await underlines.waitFor();
    const marks = await page
      .locator('mark.q')
      .evaluateAll((els) =>
        els.map((e) => [e.className.match(/v-(\w)/)?.[1], getComputedStyle(e).borderBottomColor] as const),
      );
    expect(marks.length).toBeGreaterThan(0);
    for (const [code, colour] of marks) {
      if (code === '-' || code === 'F') continue;
      expect(
        await underlines.locator(`.underline.v-${code}`).evaluate((e) => getComputedStyle(e).borderBottomColor),
      ).toBe(colour);
    }
    await page.close();
  });

  it('explains λ, μ, the tier weights and the ERB composite where they are shown', async () => {
    const page = await browser.newPage();
    await page.goto(`${view.url}#/`);
    const params = page.getByTestId('score-params');
    await params.locator('summary').click();
    const text = await params.textContent();
    expect(text).toMatch(/λ = 0\.5.*a partially met check counts 0\.5 of a met one/);
    expect(text).toMatch(/μ = -2.*a contradicted check counts -2, and weighs \|μ\| = 2 checks/);
    expect(text).toMatch(/answer-critical 0\.6, valuable 0\.3, context 0\.1/);
    await page.goto(`${view.url}#/rag`);
    const help = page.getByTestId('rag-metric-help');
    await help.locator('summary').click();
    expect(await help.textContent()).toMatch(/ERB composite.*EnterpriseRAG-Bench composite.*× fact coverage/);
    await page.close();
  });

  it('draws the judges scatter with axis ticks and named points, the selector beside it', async () => {
    const page = await browser.newPage();
    await page.goto(`${view.url}#/judges`);
    const chart = page.getByTestId('judge-scatter');
    await chart.waitFor();
    for (const axis of ['x', 'y']) {
      expect(await chart.locator(`text.tick[data-axis="${axis}"]`).allTextContents()).toEqual([
        '-100',
        '-50',
        '0',
        '50',
        '100',
      ]);
    }
    const labels = await chart.locator('.point-label').allTextContents();
    expect(labels.length).toBe(6);
    expect(new Set(labels)).toEqual(new Set(['atlas-large', 'breeze-mini', 'cinder-7b']));
    const c = await chart.boundingBox();
    const s = await page.locator('[data-testid="judge-controls"] select').boundingBox();
    expect(c && s).toBeTruthy();
    if (c && s) {
      expect(s.x).toBeGreaterThanOrEqual(c.x + c.width);
      expect(s.y).toBeLessThan(c.y + c.height);
      expect(s.y + s.height).toBeGreaterThan(c.y);
    }
    await page.screenshot({ path: join(SHOTS, 'judges.png'), fullPage: true });
    await page.close();
  });

  it('switches the leaderboard’s judge, with the numbers `gamut score --judge` gives, and keeps it in the link', async () => {
    const score = await runGamut([
      'score',
      '--rubrics',
      join(run, 'rubrics.jsonl'),
      '--verdicts',
      join(run, 'verdicts.jsonl'),
      '--judge',
      'strict',
      '--json',
    ]);
    expect(score.code, score.stderr).toBe(0);
    const strict = (JSON.parse(score.stdout) as { models: ScoreModel[] }).models.filter(
      (m) => m.setting === 'multimodal',
    );
    const page = await browser.newPage();
    await page.goto(`${view.url}#/`);
    await page.getByTestId('leaderboard').waitFor();
    const before = await page.getByTestId('lb-gamut').allTextContents();
    await page.getByLabel('Judge').selectOption('strict');
    await expect.poll(() => page.url()).toContain('judge=strict');
    for (const m of strict) {
      const row = page.locator(`[data-testid="lb-row"][data-model="${m.model}"]`);
      expect(await row.getByTestId('lb-gamut').textContent()).toBe(((m.gamut ?? 0) * 100).toFixed(1));
    }
    expect(await page.getByTestId('lb-gamut').allTextContents()).not.toEqual(before);
    await page.reload();
    await page.getByTestId('leaderboard').waitFor();
    expect(await page.getByLabel('Judge').inputValue()).toBe('strict');
    await page.getByTestId('score-params').locator('summary').click();
    await page.screenshot({ path: join(SHOTS, 'leaderboard-judge-switch.png'), fullPage: true });
    await page.close();
  });

  it('shows the judge prompt and reply of a check one click away', async () => {
    const { createJudgePromptBuilder, CompiledRubric } = await import('@gamut/core');
    const page = await browser.newPage();
    await page.goto(`${view.url}#/questions/q-en-01?model=breeze-mini&setting=text_only`);
    const row = page.getByTestId('check-row').nth(2);
    await row.waitFor();
    const checkId = await row.getAttribute('data-check');
    const verdict = await row.getAttribute('data-verdict');
    await row.getByTestId('show-judge-call').click();
    await expect.poll(() => page.url()).toContain(`call=${checkId}`);
    const prompt = await page.getByTestId('judge-prompt').textContent();
    const reply = JSON.parse((await page.getByTestId('judge-reply').textContent()) ?? '{}');
    expect(reply.verdict).toBe(verdict);
    // The same prompt core builds for the judge, from the run's own files.
    const rubric = readLines(join(run, 'rubrics.jsonl'))
      .map((r) => CompiledRubric.parse(r))
      .find((r) => r.question_id === 'q-en-01');
    const meta = readLines(join(run, 'meta-rubrics.jsonl')).find((m) => m.question_id === 'q-en-01');
    const answer = readLines(join(run, 'answers.jsonl')).find(
      (a) => a.question_id === 'q-en-01' && a.model === 'breeze-mini' && a.setting === 'text_only',
    );
    const check = rubric?.checks.find((c) => c.id === checkId);
    expect(check).toBeDefined();
    if (!check) return;
    const call = createJudgePromptBuilder().checkCall({
      questionId: 'q-en-01',
      question: String(meta?.text_only_question ?? meta?.question),
      answer: String(answer?.response),
      check,
      language: 'en',
    });
    expect(prompt).toContain(call.system);
    for (const part of call.messages[0]?.content ?? []) if (part.type === 'text') expect(prompt).toContain(part.text);
    await page.screenshot({ path: join(SHOTS, 'judge-call.png'), fullPage: true });
    await page.close();
  });

  it('puts two runs side by side: per-question deltas over questions with the same rubric hash', async () => {
    const page = await browser.newPage();
    await page.goto(`${view.url}#/compare?unit=atlas-large|multimodal`);
    await page.getByTestId('compare-questions').waitFor();
    expect(await page.getByTestId('compare-changed').textContent()).toMatch(/q-en-03/);
    const shown = await page
      .locator('[data-testid="compare-question"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-question')));
    expect(shown).toHaveLength(11);
    expect(shown).not.toContain('q-en-03');
    // Each delta is the other run's answer score minus this run's, as each run's own question page shows them.
    const gamutOf = async (base: string, id: string) => {
      await page.goto(`${base}#/questions/${id}?model=atlas-large&setting=multimodal`);
      return Number(await page.getByTestId('answer-gamut').textContent());
    };
    await page.goto(`${view.url}#/compare?unit=atlas-large|multimodal`);
    const deltas = await page
      .locator('[data-testid="compare-question"]')
      .evaluateAll((els) =>
        els.map((e) => [
          e.getAttribute('data-question'),
          e.querySelector('[data-testid="compare-delta"]')?.textContent,
        ]),
      );
    for (const [id, delta] of deltas.slice(0, 3)) {
      const a = await gamutOf(view.url, String(id));
      const b = await gamutOf(pathToFileURL(join(dir, 'other.html')).href, String(id));
      expect(Math.abs(Number(delta) - (b - a))).toBeLessThanOrEqual(0.11);
    }
    // Largest difference first.
    const sizes = deltas.map(([, d]) => Math.abs(Number(d)));
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    await page.goto(`${view.url}#/compare?unit=atlas-large|multimodal`);
    await page.getByTestId('compare-questions').waitFor();
    await page.screenshot({ path: join(SHOTS, 'compare.png'), fullPage: true });
    await page.close();
  });

  it('restores the same view from a shared link', async () => {
    const page = await browser.newPage();
    await page.goto(
      `${view.url}#/questions/q-en-02?model=cinder-7b&setting=text_only&judge=strict&check=I1.fact&call=I1.fact`,
    );
    await page.getByTestId('judge-call').waitFor();
    expect(await page.getByLabel('Model').inputValue()).toBe('cinder-7b');
    expect(await page.getByLabel('Setting').inputValue()).toBe('text_only');
    expect(await page.getByLabel('Judge').inputValue()).toBe('strict');
    expect(await page.locator('[data-testid="check-row"].active').getAttribute('data-check')).toBe('I1.fact');
    await expect.poll(() => page.getByTestId('check-origin').count()).toBe(1);
    await page.goto(`${view.url}#/questions?q=pizza&domain=food&sort=-score&model=breeze-mini`);
    await page.getByTestId('question-row').first().waitFor();
    expect(await page.getByLabel('Search questions').inputValue()).toBe('pizza');
    expect(await page.getByLabel('Domain').inputValue()).toBe('food');
    expect(await page.getByLabel('Sort').inputValue()).toBe('-score');
    expect(await page.getByLabel('Model').inputValue()).toBe('breeze-mini');
    await page.goto(`${view.url}#/?setting=text_only&sort=model&dir=asc&judge=strict`);
    await page.getByTestId('leaderboard').waitFor();
    expect(await page.locator('.tab.active').textContent()).toBe('text-only');
    expect(
      await page.locator('[data-testid="lb-row"]').evaluateAll((r) => r.map((e) => e.getAttribute('data-model'))),
    ).toEqual(['atlas-large', 'breeze-mini', 'cinder-7b']);
    await page.close();
  });
});
