import { readFileSync } from 'node:fs';
import {
  AgentOutput,
  buildPageIndex,
  createOfflineRagJudge,
  GoldenQuestion,
  type PageIndexOptions,
  type RagJudgment,
  WikiPage,
} from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { pageText, pageView } from './page-text.js';

// Environment | Approvers; production 2; staging 1.
const page = WikiPage.parse({
  page_id: 'DEP-1',
  title: 'Deploy approvals',
  status: 'current',
  version: 1,
  format: 'storage',
  body: readFileSync(new URL('../../../fixtures/wiki/confluence/own/table-approvers.xml', import.meta.url), 'utf8'),
});
const question = GoldenQuestion.parse({
  question_id: 'q-approvers',
  question: 'How many approvers does a production deployment need?',
  answerable: true,
  type: 'single_page',
  origin: 'synthetic',
  required_facts: [{ id: 'F1', fact: 'Production deployments need two approvers', page_ids: ['DEP-1'], values: ['2'] }],
  gold_answer: 'Two.',
});

async function citationOf(answer: string, opts?: PageIndexOptions) {
  const output = AgentOutput.parse({ question_id: 'q-approvers', agent: 'a', answer });
  const r = await createOfflineRagJudge().judge({ question, output, index: buildPageIndex([page], opts) });
  if (r.status !== 'ok') throw new Error(r.error);
  const judgment: RagJudgment = r.judgment;
  return judgment.claims[0]?.citations[0];
}

describe('a table row is judged on its own', () => {
  it('the text view names each cell by its column', () => {
    expect(pageText(page).text).toBe(
      'Deploy approvals\nEnvironment | Approvers\nEnvironment: production | Approvers: 2\nEnvironment: staging | Approvers: 1',
    );
  });

  it('one approver (1) for production is not a valid citation of a table saying production 2, staging 1', async () => {
    const c = await citationOf('Production approvers: 1 [DEP-1].', { view: pageView });
    expect(c).toMatchObject({ page_id: 'DEP-1', supports: false, location: 'sentence 3' });
    // The same page flattened (no rows) lets the staging row's 1 support the production claim.
    expect(
      await citationOf('Production approvers: 1 [DEP-1].', { view: (p) => ({ text: pageText(p).text }) }),
    ).toMatchObject({
      supports: true,
    });
  });

  it('the row that says it supports the claim, at its sentence of the text view', async () => {
    const c = await citationOf('Production approvers: 2 [DEP-1].', { view: pageView });
    expect(c).toMatchObject({ supports: true, location: 'sentence 3' });
    const t = pageText(page);
    const s = t.sentences[2];
    expect(s && t.text.slice(s.start, s.end)).toBe('Environment: production | Approvers: 2');
  });
});
