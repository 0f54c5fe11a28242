import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningView, runGamut, startView } from '@gamut/testkit';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { addPeople, signInWith } from './sign-in.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = process.env.GAMUT_SHOTS ?? join(ROOT, 'test-results', 'screenshots');

let cwd: string;
let view: RunningView;
let browser: BrowserContext;
let closeBrowser: () => Promise<void>;
let token = '';
const gamut = (args: readonly string[]) => runGamut(args, { cwd, timeoutMs: 120_000 });
const json = (name: string) => JSON.parse(readFileSync(join(cwd, name), 'utf8'));

// The demo's q-en-012 asked about dogs; reworded so that HR-203 (parental leave) holds every
// word of it, the golden-set check flags it `looks_answerable` with the question as a placeholder fact.
const QUESTION = 'How long before parental leave starts must employees apply in the HR portal?';
const FACT = 'Employees apply in the HR portal at least 30 days before parental leave starts';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  cwd = mkdtempSync(join(tmpdir(), 'gamut-e2e-golden-edit-'));
  expect((await gamut(['demo', '--out', 'd'])).code).toBe(0);
  const golden = json('d/rag/golden.json');
  const q = golden.questions.find((x: { question_id: string }) => x.question_id === 'q-en-012');
  q.question = QUESTION;
  writeFileSync(join(cwd, 'd/rag/golden.json'), JSON.stringify(golden, null, 2));
  const frozen = await gamut(['rag', 'freeze', 'd/rag/golden.json', '--wiki', 'd/rag/wiki.jsonl', '--force']);
  expect(frozen.code, frozen.stderr).toBe(0);
  const score = await gamut(
    'rag score --golden d/rag/golden.json --wiki d/rag/wiki.jsonl --run d/rag/agent-output.jsonl --judge labels:d/rag/judgments.jsonl --json'.split(
      ' ',
    ),
  );
  expect(score.code, score.stderr).toBe(0);
  writeFileSync(join(cwd, 'd/rag/rag-score.json'), score.stdout);
  const queue = await gamut(['review', 'queue', 'd', '--flags']);
  expect(queue.code, queue.stderr).toBe(0);
  token = (await addPeople(gamut, 'd', [['rita', 'reviewer']])).rita as string;
  view = await startView(['d'], { cwd });
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 180_000);

afterAll(async () => {
  await closeBrowser?.();
  view?.stop();
});

describe('a reviewer edits a proposed golden-set change before confirming it', () => {
  it('the placeholder fact is marked and refused as it stands; the edited fact and pages land in the next version', async () => {
    const flag = json('d/rag/rag-score.json').flags.find((f: { kind: string }) => f.kind === 'looks_answerable');
    expect(flag.change.placeholder).toBe(true);
    // From the shell too, the placeholder cannot be confirmed as it stands.
    const shell = await gamut(['review', 'confirm', 'd', '--token', token, '--item', 'f006', '--reason', 'x']);
    expect(shell.code).toBe(2);
    expect(shell.stderr).toContain('fact F1 is still the question’s own words');

    const { page } = await signInWith(browser, view.url, token);
    await page.getByRole('link', { name: 'flags-1' }).click();
    await page.locator('[data-item="f001"]').waitFor();
    await page.goto(page.url().replace('item=f001', 'item=f006'));
    await page.locator('[data-item="f006"]').waitFor();
    expect(await page.getByTestId('flag-kind').textContent()).toContain('looks answerable');
    expect(await page.getByTestId('placeholder-note').textContent()).toContain('placeholder');
    expect(await page.getByTestId('placeholder-mark').count()).toBe(1);
    expect(await page.getByLabel('Fact F1').inputValue()).toBe(QUESTION);
    expect(await page.getByLabel('Pages of F1').inputValue()).toBe('HR-203');

    // Confirmed unedited: refused, with what to do; the item stays.
    await page.getByLabel('Reason').fill('HR-203 answers it');
    await page.locator('[data-decision="confirm"]').click();
    await expect
      .poll(() => page.getByTestId('review-error').textContent())
      .toContain('is still the question’s own words');
    expect(await page.getByTestId('review-error').textContent()).toContain('edit it on the flag’s review page');
    expect(await page.locator('[data-item="f006"]').count()).toBe(1);

    // Edited: the mark goes, keys typed into the form are text, and the confirmation is stored.
    await page.getByLabel('Fact F1').fill(FACT);
    expect(await page.getByTestId('placeholder-mark').count()).toBe(0);
    await page.getByLabel('Values of F1').fill('30 days');
    await page.getByLabel('Pages of F1').fill('HR-203, HR-201');
    // What confirming changes follows the edit.
    expect(await page.getByTestId('flag-change').textContent()).toBe(
      'q-en-012 becomes answerable (single_page) from HR-203, HR-201',
    );
    await page.getByLabel('Gold answer').fill('At least 30 days before the leave starts, in the HR portal.');
    await page.screenshot({ path: join(SHOTS, 'golden-edit.png'), fullPage: true });
    await page.locator('[data-decision="confirm"]').click();
    await page.locator('[data-item="f006"]').waitFor({ state: 'detached' });

    // Back on the item, the form shows the edit as confirmed, not the proposal.
    await page.goto(page.url().replace(/item=f\d+/, 'item=f006'));
    await page.locator('[data-item="f006"]').waitFor();
    expect(await page.getByLabel('Fact F1').inputValue()).toBe(FACT);
    expect(await page.getByLabel('Pages of F1').inputValue()).toBe('HR-203, HR-201');
    await page.close();

    const p = await gamut(['rag', 'golden', 'propose', 'd/rag/golden.json', '--review', 'd', '-o', 'prop.json']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stdout).toContain('1 change (0 confirmed without a change, 0 rejected)');
    const r = await gamut(
      'rag golden release prop.json --wiki d/rag/wiki.jsonl --base d/rag/golden.json -o golden-1.0.1.json'.split(' '),
    );
    expect(r.code, r.stderr).toBe(0);
    const next = json('golden-1.0.1.json').questions.find((x: { question_id: string }) => x.question_id === 'q-en-012');
    expect(next).toMatchObject({
      answerable: true,
      type: 'single_page',
      gold_answer: 'At least 30 days before the leave starts, in the HR portal.',
      required_facts: [{ id: 'F1', fact: FACT, page_ids: ['HR-203', 'HR-201'], values: ['30 days'] }],
    });
  }, 120_000);
});
