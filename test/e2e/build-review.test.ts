import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningView, runGamut, startView } from '@gamut/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_DATA,
  type Decision,
  decisionEvents,
  initBundledBuild,
  jsonl,
  SCRIPTED_PEOPLE,
} from '../../packages/cli/src/commands/build/build-fixture.test-helpers.js';
import { launchBrowser } from './browser.js';
import { addPeople, signInWith } from './sign-in.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = process.env.GAMUT_SHOTS ?? join(ROOT, 'test-results', 'screenshots');

let cwd: string;
let dir: string;
let owner: string;
let view: RunningView;
let browser: BrowserContext;
let closeBrowser: () => Promise<void>;
const tokens: Record<string, string> = {};
const gamut = (args: readonly string[]) => runGamut(args, { cwd, timeoutMs: 120_000 });
/** Round 1 as the bundled scripted reviewers decided it: the browser clicks the same decisions. */
const round1 = jsonl(join(BUILD_DATA, 'reviews-round1.jsonl')) as Decision[];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  cwd = mkdtempSync(join(tmpdir(), 'gamut-e2e-build-'));
  dir = join(cwd, 'b');
  const init = await initBundledBuild(dir, BUILD_DATA, SCRIPTED_PEOPLE);
  expect(init.code, init.stderr).toBe(0);
  owner = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { build_id: string }).build_id;
  expect((await gamut(['build', 'questions', dir])).code).toBe(0);
  Object.assign(
    tokens,
    await addPeople(gamut, dir, [
      ['ann-a', 'annotator'],
      ['ann-b', 'annotator'],
      ['adj', 'adjudicator'],
      ['rev-a', 'reviewer'],
    ]),
  );
  view = await startView([dir], { cwd });
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 180_000);

afterAll(async () => {
  await closeBrowser?.();
  view?.stop();
});

/** A fresh page signed in with `who`'s token through the prompt, recording every review reply it receives. */
const signIn = (who: string) => signInWith(browser, view.url, tokens[who] as string);

async function currentItem(page: Page): Promise<string | null> {
  await page.locator('[data-testid="review-item"], [data-testid="queue-finished"]').first().waitFor();
  if (await page.getByTestId('queue-finished').count()) return null;
  return page.getByTestId('review-item').getAttribute('data-item');
}

/** Decides the item shown as `d` says, through the page: the reason, a revision's text, the button. */
async function decide(page: Page, d: Pick<Decision, 'decision' | 'text' | 'reason'>): Promise<void> {
  await page.getByLabel('Reason').fill(d.reason);
  const button = page.locator(`[data-testid="build-decision"][data-decision="${d.decision}"]`);
  if (d.decision === 'revise') {
    await button.click();
    await page.getByLabel('Revised question').fill(d.text as string);
  }
  await button.click();
}

/** Works through the question queue as `who`, deciding each candidate as the scripted reviewer did. */
async function reviewAll(page: Page, who: string): Promise<string[]> {
  await page.goto(`${view.url}#/review/questions-1`);
  const seen: string[] = [];
  for (let id = await currentItem(page); id !== null; ) {
    const d = round1.find((x) => x.candidate === id && x.author === who);
    expect(d, `${who} has a scripted decision on ${id}`).toBeDefined();
    // Blind: no one else's decision is on the page.
    expect(await page.getByTestId('review-decisions').count()).toBe(0);
    await decide(page, d as Decision);
    seen.push(id);
    const was: string = id;
    await expect.poll(() => currentItem(page)).not.toBe(was);
    id = await currentItem(page);
  }
  return seen;
}

describe('a build’s human steps in the browser', () => {
  it('two annotators review round 1 blind; the adjudicator sees both and settles the disagreement', async () => {
    const a = await signIn('ann-a');
    await a.page.goto(`${view.url}#/review/questions-1`);
    await a.page.getByTestId('build-question').waitFor();
    // The candidate names the dish only through the image (its text-only form, shown beneath, names it).
    expect(await a.page.getByTestId('build-question').textContent()).not.toMatch(/margherita/i);
    // The header names the build and its queues; the progress line counts decisions, not labels.
    expect(await a.page.locator('header .run').textContent()).toBe(`build ${owner} · questions-1 (8) · live`);
    expect(await a.page.getByTestId('my-progress').textContent()).toMatch(/you decided 0 · open to you 8$/);
    await a.page.screenshot({ path: join(SHOTS, 'build-question-review.png'), fullPage: true });
    expect(await reviewAll(a.page, 'ann-a')).toHaveLength(8);
    const b = await signIn('ann-b');
    expect(await reviewAll(b.page, 'ann-b')).toHaveLength(8);
    for (const reply of b.replies) expect(reply).not.toMatch(/"who":"ann-a"/);

    const adj = await signIn('adj');
    await adj.page.goto(`${view.url}#/review/questions-1`);
    const ruling = round1.find((x) => x.role === 'adjudicator') as Decision;
    expect(await currentItem(adj.page)).toBe(ruling.candidate);
    const shown = await adj.page
      .getByTestId('review-decision')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-who'), e.getAttribute('data-value')]));
    const theirs = round1.filter((x) => x.candidate === ruling.candidate && x.role === 'annotator');
    expect(new Map(shown as Array<[string, string]>)).toEqual(new Map(theirs.map((x) => [x.author, x.decision])));
    await adj.page.screenshot({ path: join(SHOTS, 'build-adjudicate.png'), fullPage: true });
    await decide(adj.page, ruling);
    await adj.page.getByTestId('queue-finished').waitFor();

    const status = JSON.parse((await gamut(['review', 'status', dir, '--json'])).stdout);
    expect(status.queues[0]).toMatchObject({
      id: 'questions-1',
      counts: { waiting: 0, done: 7, disagreement: 0, adjudicated: 1 },
    });
    for (const p of [a.page, b.page, adj.page]) await p.close();
  }, 300_000);

  it('a reviewer rewords and re-tiers checks beside the meta-rubric; the release carries the edits', async () => {
    // Round 2 goes in as events, as a script would; then the rubrics are drafted and refined.
    expect((await gamut(['build', 'questions', dir])).code).toBe(0);
    const round2 = join(cwd, 'round2.jsonl');
    const events = decisionEvents(owner, 'questions-2', jsonl(join(BUILD_DATA, 'reviews-round2.jsonl')));
    writeFileSync(round2, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    expect((await gamut(['review', 'import', dir, round2])).code).toBe(0);
    for (const step of ['questions', 'rubrics', 'refine']) expect((await gamut(['build', step, dir])).code).toBe(0);

    const { page } = await signIn('rev-a');
    await page.goto(`${view.url}#/review/rubrics-1?item=q-pizza.p1`);
    await page.getByTestId('build-checks').waitFor();
    expect(await page.getByTestId('my-progress').textContent()).toMatch(/you reviewed 0 · open to you 4$/);
    expect(await page.locator('header .run').textContent()).toBe(
      `build ${owner} · questions-1 (8) · questions-2 (3) · rubrics-1 (4) · live`,
    );
    expect(await page.getByTestId('build-snippet').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('meta-rubric').textContent()).toContain('I1');
    const reworded = 'Names the dish as a pizza margherita, topped with tomato, mozzarella and basil.';
    await page.getByLabel('Reason').fill('say what makes it a margherita');
    await page.locator('[data-check="I1.fact"]').getByRole('button', { name: 'Reword' }).click();
    await page.getByLabel('New wording of I1.fact').fill(reworded);
    await page.getByRole('button', { name: 'Save wording' }).click();
    await expect
      .poll(() => page.locator('[data-check="I1.fact"] [data-testid="build-check-text"]').textContent())
      .toBe(reworded);
    await page.getByLabel('Reason').fill('most sources lead with the flag story');
    await page.getByLabel('Tier of I4.fact').selectOption('valuable');
    await expect.poll(() => page.locator('[data-check="I4.fact"]').getAttribute('data-tier')).toBe('valuable');
    await expect.poll(() => page.locator('[data-testid="build-edit"][data-status="applied"]').count()).toBe(2);
    await page.screenshot({ path: join(SHOTS, 'build-rubric-revision.png'), fullPage: true });
    await page.getByTestId('rubric-done').click();
    await page.close();

    const dataset = join(cwd, 'dataset');
    const r = await gamut(['build', 'release', dir, '-o', dataset, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const pizza = jsonl(join(dataset, 'rubrics.jsonl')).find((x) => x.question_id === 'q-pizza');
    const check = (id: string) => pizza.checks.find((c: { id: string }) => c.id === id);
    expect(check('I1.fact').text).toBe(reworded);
    expect(check('I4.fact').tier).toBe('valuable');
    expect(jsonl(join(dataset, 'overlay.jsonl'))).toEqual([
      expect.objectContaining({ question_id: 'q-pizza', op: 'reword', author: 'rev-a', status: 'applied' }),
      expect.objectContaining({ question_id: 'q-pizza', op: 'retier', author: 'rev-a', status: 'applied' }),
    ]);
    const agreement = JSON.parse(readFileSync(join(dataset, 'agreement.json'), 'utf8'));
    expect(agreement[0]).toMatchObject({ round: 1, candidates: 8, agreement: 0.875, adjudicated: 1 });
  }, 300_000);
});
