import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatCi, formatScore } from '@gamut/core';
import { type RunningView, runGamut, startView } from '@gamut/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { addPeople, signInWith } from './sign-in.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = process.env.GAMUT_SHOTS ?? join(ROOT, 'test-results', 'screenshots');
const V = ['meets', 'partially_meets', 'missing', 'contradicts'] as const;
const MODELS = ['atlas-large', 'breeze-mini', 'cinder-7b'];

let cwd: string;
let view: RunningView;
let browser: BrowserContext;
let closeBrowser: () => Promise<void>;
const tokens: Record<string, string> = {};
const gamut = (args: readonly string[]) => runGamut(args, { cwd, timeoutMs: 120_000 });

/** What each person clicks: ann gives item k verdict k mod 4; bo agrees except on every fifth, where he says the next. */
const annSays = (k: number) => V[k % 4] as string;
const boSays = (k: number) => (k % 5 === 0 ? (V[(k + 1) % 4] as string) : annSays(k));
/** The adjudicator sides with bo on even items and with ann on odd ones. */
const finalSays = (k: number) => (k % 2 === 0 ? boSays(k) : annSays(k));
const itemNumber = (id: string) => Number(id.replace(/\D/g, ''));

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  cwd = mkdtempSync(join(tmpdir(), 'gamut-e2e-review-'));
  expect((await gamut(['demo', '--out', 'd'])).code).toBe(0);
  const q = await gamut(['review', 'queue', 'd', '--sample', '40', '--seed', '1', '--json']);
  expect(q.code, q.stderr).toBe(0);
  const kb = await gamut(['review', 'queue', 'd', '--sample', '20', '--seed', '2', '--id', 'keys']);
  expect(kb.code, kb.stderr).toBe(0);
  Object.assign(
    tokens,
    await addPeople(gamut, 'd', [
      ['Annalise', 'annotator'],
      ['Bronwyn', 'annotator'],
      ['민지', 'adjudicator'],
      ['kim', 'annotator'],
    ]),
  );
  view = await startView(['d'], { cwd });
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 180_000);

afterAll(async () => {
  await closeBrowser?.();
  view?.stop();
});

/** A fresh page signed in with `who`'s token through the prompt, recording every review reply it receives. */
const signIn = (who: string) => signInWith(browser, view.url, tokens[who] as string);

async function currentItem(page: Page): Promise<string> {
  await page.getByTestId('review-item').waitFor();
  return (await page.getByTestId('review-item').getAttribute('data-item')) as string;
}

/** Labels every item open to the person by clicking, checking that nothing shown says who wrote it or what others said. */
async function labelAll(
  page: Page,
  says: (k: number) => string,
  others: readonly string[],
): Promise<Map<string, string>> {
  await page.goto(`${view.url}#/review/labels-1`);
  const done = new Map<string, string>();
  for (let n = 0; n < 40; n++) {
    const id = await currentItem(page);
    const text = (await page.getByTestId('review-queue').textContent()) ?? '';
    for (const m of MODELS) expect(text, `${id} names a model`).not.toContain(m);
    for (const o of others) expect(text, `${id} names ${o}`).not.toContain(o);
    // The judge's reasons (the offline judge's start so) are nowhere, nor is its verdict on this pair.
    expect(text).not.toMatch(/lexical baseline:/);
    expect(await page.getByTestId('review-decisions').count()).toBe(0);
    const v = says(itemNumber(id));
    if (n % 7 === 0) await page.getByLabel('Note').fill(`note on ${id}`);
    await page.locator(`[data-testid="verdict-choice"][data-verdict="${v}"]`).click();
    done.set(id, v);
    await expect
      .poll(async () => ((await page.getByTestId('queue-finished').count()) > 0 ? 'finished' : await currentItem(page)))
      .not.toBe(id);
    if (await page.getByTestId('queue-finished').count()) break;
  }
  return done;
}

describe('the review workspace in the browser', () => {
  it('two annotators label a 40-item queue blind: neither sees the other’s label, the judge’s or the model', async () => {
    const ann = await signIn('Annalise');
    await ann.page.goto(`${view.url}#/review/labels-1`);
    await currentItem(ann.page);
    await ann.page.screenshot({ path: join(SHOTS, 'review-queue.png'), fullPage: true });
    const a = await labelAll(ann.page, annSays, ['Bronwyn', '민지']);
    expect(a.size).toBe(40);
    const bo = await signIn('Bronwyn');
    const b = await labelAll(bo.page, boSays, ['Annalise', '민지', 'note on']);
    expect(b.size).toBe(40);
    // Nothing the server sent them carries a model name, a judge verdict, a stratum or the other's label.
    for (const reply of [...ann.replies, ...bo.replies]) {
      for (const m of MODELS) expect(reply).not.toContain(m);
      expect(reply).not.toMatch(/"stratum"|"judge"|"model"|"verdict"|"rationale"|lexical baseline:/);
    }
    for (const reply of bo.replies) expect(reply).not.toMatch(/"who":"Annalise"/);
    await ann.page.close();
    await bo.page.close();
  }, 240_000);

  it('the adjudicator sees both labels and notes, resolves the disagreements and sees κ live', async () => {
    const { page } = await signIn('민지');
    await page.goto(`${view.url}#/review/labels-1`);
    await page.getByTestId('review-progress').waitFor();
    const disagreements = Array.from({ length: 40 }, (_, k) => k + 1).filter((k) => annSays(k) !== boSays(k));
    await expect
      .poll(() => page.getByTestId('count-disagreement').getAttribute('data-n'))
      .toBe(String(disagreements.length));
    await page.screenshot({ path: join(SHOTS, 'review-adjudicate.png'), fullPage: true });
    for (let n = 0; n < disagreements.length; n++) {
      const id = await currentItem(page);
      const k = itemNumber(id);
      expect(disagreements).toContain(k);
      const shown = await page
        .getByTestId('review-decision')
        .evaluateAll((els) => els.map((e) => [e.getAttribute('data-who'), e.getAttribute('data-value')]));
      expect(new Map(shown as Array<[string, string]>)).toEqual(
        new Map([
          ['Annalise', annSays(k)],
          ['Bronwyn', boSays(k)],
        ]),
      );
      await page.locator(`[data-testid="verdict-choice"][data-verdict="${finalSays(k)}"]`).click();
      await expect
        .poll(async () => ((await page.getByTestId('queue-finished').count()) > 0 ? 'x' : currentItem(page)))
        .not.toBe(id);
    }
    await expect
      .poll(() => page.getByTestId('count-adjudicated').getAttribute('data-n'))
      .toBe(String(disagreements.length));
    await expect.poll(() => page.getByTestId('count-disagreement').getAttribute('data-n')).toBe('0');
    const pageKappa =
      (await page.locator('[data-testid="judge-kind"][data-kind="all"] [data-testid="judge-kappa"]').textContent()) ??
      '';
    await page.screenshot({ path: join(SHOTS, 'review-progress.png'), fullPage: true });

    // The exported labels are what was clicked; analyze calibration gives the κ the page shows.
    const ex = await gamut([
      'review',
      'export',
      'd',
      '--queue',
      'labels-1',
      '--labels',
      'labels.jsonl',
      '-o',
      'events.jsonl',
    ]);
    expect(ex.code, ex.stderr).toBe(0);
    const { openSqliteStore } = await import('@gamut/store');
    const store = openSqliteStore({ file: join(cwd, '.gamut', 'gamut.db') });
    const queue = (await store.listReviewQueues('demo')).find((q) => q.id === 'labels-1');
    await store.close();
    const keyOf = new Map(
      (queue?.items ?? []).map((it) => {
        const p = it.payload as { question_id: string; model: string; setting: string; check_id: string };
        return [`${p.question_id}|${p.model}|${p.setting}|${p.check_id}`, it.id];
      }),
    );
    const labels = readFileSync(join(cwd, 'labels.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as { question_id: string; model: string; setting: string; check_id: string; verdict: string },
      );
    expect(labels).toHaveLength(40);
    for (const l of labels) {
      const id = keyOf.get(`${l.question_id}|${l.model}|${l.setting}|${l.check_id}`) as string;
      const k = itemNumber(id);
      expect(l.verdict, id).toBe(annSays(k) === boSays(k) ? annSays(k) : finalSays(k));
    }
    const cal = await gamut([
      'analyze',
      'calibration',
      '--labels',
      'labels.jsonl',
      '--judgments',
      'd/verdicts.jsonl',
      '--rubrics',
      'd/rubrics.jsonl',
      '--json',
    ]);
    expect(cal.code, cal.stderr).toBe(0);
    const checks = (
      JSON.parse(cal.stdout) as {
        judges: Array<{
          aspects: {
            checks: {
              vs_majority: { kappa: number };
              by_kind: Array<{ kind: string; n: number; kappa: number | null }>;
            };
          };
        }>;
      }
    ).judges[0]?.aspects.checks;
    expect(pageKappa.split(' ')[0]).toBe(checks?.vs_majority.kappa.toFixed(3));
    // Per check kind too: the page's rows are the analysis's.
    for (const b of checks?.by_kind ?? []) {
      const row = page.locator(`[data-testid="judge-kind"][data-kind="${b.kind}"]`);
      expect((await row.getByTestId('judge-kappa').textContent())?.split(' ')[0], b.kind).toBe(
        b.kappa === null ? '—' : b.kappa.toFixed(3),
      );
    }
    // Calibrated scores: gamut score --calibrate on the exported labels, and the report without a labels file
    // (it reads the run's adjudicated labels from the store), give the same numbers; the report shows them.
    const all = await gamut(['review', 'export', 'd', '--labels', 'all-labels.jsonl']);
    expect(all.code, all.stderr).toBe(0);
    const score = await gamut([
      'score',
      '--rubrics',
      'd/rubrics.jsonl',
      '--verdicts',
      'd/verdicts.jsonl',
      '--calibrate',
      'all-labels.jsonl',
      '--json',
    ]);
    expect(score.code, score.stderr).toBe(0);
    type Calibrated = { gamut: number; ci95: [number, number]; n_labels: number };
    const scored = JSON.parse(score.stdout) as {
      models: Array<{ model: string; setting: string; calibrated?: Calibrated }>;
    };
    expect(scored.models.every((m) => m.calibrated !== undefined)).toBe(true);
    const report = await gamut(['report', 'd', '-o', 'report.html']);
    expect(report.code, report.stderr).toBe(0);
    const shown = await browser.newPage();
    await shown.goto(`${pathToFileURL(join(cwd, 'report.html')).href}#/leaderboard`);
    await shown.getByTestId('lb-calibration-note').waitFor();
    expect(await shown.getByTestId('lb-calibration-note').textContent()).toContain('(review labels of demo)');
    const cells = await shown.getByTestId('lb-calibrated').allTextContents();
    const multimodal = scored.models.filter((m) => m.setting === 'multimodal');
    expect(cells).toHaveLength(multimodal.length);
    for (const m of multimodal) {
      const c = m.calibrated as Calibrated;
      expect(cells).toContain(`${formatScore(c.gamut)} ${formatCi(c.ci95)}`);
    }
    await shown.screenshot({ path: join(SHOTS, 'calibrated-leaderboard.png'), fullPage: true });
    await shown.close();
    // And the annotators' kappa and alpha are `gamut review status`'s.
    const st = await gamut(['review', 'status', 'd', '--queue', 'labels-1', '--json']);
    const q = (
      JSON.parse(st.stdout) as {
        queues: Array<{ annotators: { pairs: Array<{ kappa: number }>; krippendorff_alpha: number } }>;
      }
    ).queues[0];
    expect((await page.getByTestId('pair-kappa').textContent())?.split(' ')[0]).toBe(
      q?.annotators.pairs[0]?.kappa.toFixed(3),
    );
    expect(await page.getByTestId('alpha').textContent()).toBe(q?.annotators.krippendorff_alpha.toFixed(3));
    await page.close();
  }, 240_000);

  it('labels 20 items with the keyboard alone, undoes with u and keeps its place over a reload', async () => {
    const { page } = await signIn('kim');
    await page.goto(`${view.url}#/review/keys`);
    const first = await currentItem(page);
    // j and k move without deciding.
    await page.keyboard.press('j');
    await expect.poll(() => currentItem(page)).not.toBe(first);
    await page.keyboard.press('k');
    await expect.poll(() => currentItem(page)).toBe(first);
    const pressed: string[] = [];
    for (let n = 0; n < 20; n++) {
      const id = await currentItem(page);
      const key = String((n % 4) + 1);
      await page.keyboard.press(key);
      pressed.push(`${id}:${V[n % 4]}`);
      if (n === 9) {
        // A reload keeps the place: the next open item, not the first.
        await expect.poll(() => currentItem(page)).not.toBe(id);
        const at = await currentItem(page);
        await page.reload();
        await expect.poll(() => currentItem(page)).toBe(at);
      }
      if (n < 19) await expect.poll(() => currentItem(page)).not.toBe(id);
    }
    await page.getByTestId('queue-finished').waitFor();
    // u reverses the last label with a new event and goes back to its item.
    await page.keyboard.press('u');
    const last = pressed[19]?.split(':')[0] as string;
    await expect.poll(() => currentItem(page)).toBe(last);
    await expect.poll(() => page.getByTestId('my-decision').count()).toBe(0);
    await page.keyboard.press('2');
    pressed[19] = `${last}:partially_meets`;
    await page.getByTestId('queue-finished').waitFor();
    const ex = await gamut(['review', 'export', 'd', '--queue', 'keys', '-o', 'keys.jsonl']);
    expect(ex.code, ex.stderr).toBe(0);
    const events = readFileSync(join(cwd, 'keys.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; item_id: string; value?: string; id: string; undoes?: string });
    expect(events.filter((e) => e.kind === 'undo')).toHaveLength(1);
    const undone = new Set(events.filter((e) => e.kind === 'undo').map((e) => e.undoes));
    const standing = events
      .filter((e) => e.kind === 'label' && !undone.has(e.id))
      .map((e) => `${e.item_id}:${e.value}`);
    expect(standing.sort()).toEqual([...pressed].sort());
    await page.close();
  }, 180_000);

  it('refuses a wrong token and shows a token only its role’s queues', async () => {
    const page = await browser.newPage();
    await page.goto(`${view.url}#/review`);
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.getByLabel('Personal token').fill('gmt_not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByTestId('token-error').textContent())
      .toMatch(/no annotator of run demo has this token/);
    await page.close();
  });
});
