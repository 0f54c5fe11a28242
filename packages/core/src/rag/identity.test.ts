import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AgentOutput } from '../schema/agent-output.js';
import { hashCanonical } from '../schema/canonical.js';
import { GoldenSet } from '../schema/golden-set.js';
import { RagJudgment } from '../schema/rag-judgment.js';
import { WikiPage } from '../schema/wiki.js';
import { gradeRag } from './grade-rag.js';
import { goldenSetHash, ragSnapshotId, sortPageVersions } from './identity.js';

const fixture = (p: string) => readFileSync(new URL(`../../../../fixtures/wiki/${p}`, import.meta.url), 'utf8');
const lines = (p: string) =>
  fixture(p)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
const pages = lines('wiki.jsonl').map((l) => WikiPage.parse(l));
const golden = GoldenSet.parse(JSON.parse(fixture('golden.json')));

// The ids the bundled golden set recorded when it was frozen; stored reports and golden sets carry these values.
const STORED_SNAPSHOT = '88b9f858598ac443d0985f9f87ce27a0f0e9dafceac8249f775d92525eea6676';
const STORED_GOLDEN = 'b0e90f16305acbe7fb2b4fce03bdacad617dc8bfe9440a76e751a110f0819961';

describe('one snapshot id', () => {
  it('is the id the bundled golden set was frozen against, whatever the order of the lines', () => {
    expect(golden.wiki_snapshot).toBe(STORED_SNAPSHOT);
    expect(ragSnapshotId(pages)).toBe(STORED_SNAPSHOT);
    expect(ragSnapshotId([...pages].reverse())).toBe(STORED_SNAPSHOT);
  });

  it('hashed page by page equals the hash of the whole sorted array', () => {
    expect(ragSnapshotId(pages)).toBe(hashCanonical(sortPageVersions(pages)));
  });

  it('sorts by page id in code-unit order, then by version', () => {
    const p = (page_id: string, version: number) =>
      WikiPage.parse({ page_id, version, title: 't', status: 'historical', body: '' });
    expect(
      sortPageVersions([p('b', 1), p('a', 10), p('B', 3), p('a', 2)]).map((x) => `${x.page_id}@${x.version}`),
    ).toEqual(['B@3', 'a@2', 'a@10', 'b@1']);
  });
});

describe('one golden-set hash', () => {
  it('is the frozen_hash the bundled file recorded', () => {
    expect(golden.frozen_hash).toBe(STORED_GOLDEN);
    expect(goldenSetHash(golden)).toBe(STORED_GOLDEN);
  });

  it('hashes the content, never the recorded hash: an edited frozen set gets a new hash', () => {
    const edited = { ...golden, name: `${golden.name}-edited` };
    expect(goldenSetHash(edited)).not.toBe(STORED_GOLDEN);
    expect(goldenSetHash({ ...golden, frozen_hash: undefined })).toBe(STORED_GOLDEN);
  });

  it('is what a report records by default', () => {
    const outputs = lines('agent-output.jsonl').map((l) => AgentOutput.parse(l));
    const judgments = lines('judgments.jsonl').map((l) => RagJudgment.parse(l));
    const report = gradeRag({ golden, pages, outputs, judgments });
    expect(report.golden.hash).toBe(STORED_GOLDEN);
    expect(report.snapshot.id).toBe(STORED_SNAPSHOT);
  });
});
