import { InputError } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { answerAll, baselineRunSummary, baselineRunText } from './baseline-agent.js';
import { importSummary, importSummaryText } from './import-summary.js';
import { pickPageVersion } from './page-version.js';
import { buildSnapshot, parsePageRecords } from './snapshot.js';
import { WikiIndex } from './wiki-index.js';

const page = (page_id: string, version: number, status: string, body = 'Leave is fifteen days a year.') => ({
  page_id,
  title: `${page_id} title`,
  status,
  version,
  body,
  format: 'text',
});
const snapshot = buildSnapshot(
  parsePageRecords(
    [page('HR-1', 1, 'historical'), page('HR-1', 2, 'current'), page('IT-9', 1, 'archived', 'VPN uses WireGuard.')].map(
      (value, i) => ({ file: 'w.jsonl', line: i + 1, value }),
    ),
  ).pages,
);

describe('pickPageVersion', () => {
  it('takes the current version by default, else the one asked for', () => {
    expect(pickPageVersion(snapshot.pages, 'HR-1', undefined, 'w').version).toBe(2);
    expect(pickPageVersion(snapshot.pages, 'HR-1', 1, 'w').status).toBe('historical');
    // No current version: the last one.
    expect(pickPageVersion(snapshot.pages, 'IT-9', undefined, 'w').status).toBe('archived');
  });

  it('names the ids the wiki has, or the versions the page has', () => {
    expect(() => pickPageVersion(snapshot.pages, 'NOPE', undefined, 'w')).toThrow(
      'no page has the id "NOPE"; --page takes a page id of this wiki: HR-1, IT-9',
    );
    expect(() => pickPageVersion(snapshot.pages, 'HR-1', 3, 'w')).toThrow(
      'page HR-1 has no version 3; it has v1 (historical), v2 (current)',
    );
    expect(() => pickPageVersion(snapshot.pages, 'HR-1', 3, 'w')).toThrow(InputError);
  });
});

describe('importSummary', () => {
  it('counts pages, versions by status and what was skipped', () => {
    const s = importSummary({ format: 'jsonl', snapshot, skipped: { 'status trashed': 2 }, warnings: [] }, 'o.jsonl');
    expect(s).toMatchObject({ pages: 2, versions: 3, by_status: { current: 1, historical: 1, archived: 1 } });
    expect(importSummaryText(s)).toBe(
      [
        'imported jsonl: 2 pages, 3 versions (1 current, 1 historical, 1 archived)',
        'skipped: 2 status trashed',
        `snapshot ${snapshot.id}`,
        'wrote o.jsonl',
        '',
      ].join('\n'),
    );
  });
});

describe('answerAll', () => {
  it('answers every question offline in order and sums up the run', async () => {
    const index = WikiIndex.build(snapshot);
    const questions = [
      { question_id: 'q1', question: 'How many days of leave a year?' },
      { question_id: 'q2', question: 'Who audits the kitchen?' },
    ];
    const outputs = await answerAll(index, questions, { agent: 'base' });
    expect(outputs.map((o) => o.question_id)).toEqual(['q1', 'q2']);
    const s = baselineRunSummary(outputs, { out: 'o.jsonl', llm: false, index, snapshotId: snapshot.id });
    expect(s).toMatchObject({ agent: 'base', mode: 'offline', questions: 2, abstained: 1 });
    expect(baselineRunText(s)).toBe(
      `base: 2 questions answered, 1 abstained (${index.chunks.length} chunks indexed)\nwrote o.jsonl\n`,
    );
  });
});
