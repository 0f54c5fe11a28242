import type { BrowserContext, Page } from 'playwright-core';

/** A fresh page of `url` signed in with `token` through the review prompt, recording every review reply it receives. */
export async function signInWith(
  browser: BrowserContext,
  url: string,
  token: string,
): Promise<{ page: Page; replies: string[] }> {
  const page = await browser.newPage();
  const replies: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/review/')) replies.push(await r.text().catch(() => ''));
  });
  await page.goto(`${url}#/review`);
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await page.getByLabel('Personal token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('review-who').waitFor();
  return { page, replies };
}

/** Adds each person to the run or build in `dir` and returns their personal tokens by name. */
export async function addPeople(
  gamut: (args: readonly string[]) => Promise<{ code: number; stdout: string; stderr: string }>,
  dir: string,
  people: ReadonlyArray<readonly [string, string]>,
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const [name, role] of people) {
    const r = await gamut(['review', 'add-annotator', dir, '--name', name, '--role', role, '--json']);
    if (r.code !== 0) throw new Error(`add-annotator ${name}: ${r.stderr}`);
    tokens[name] = (JSON.parse(r.stdout) as { token: string }).token;
  }
  return tokens;
}
