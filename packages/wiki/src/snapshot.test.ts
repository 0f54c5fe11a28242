import { readFileSync } from 'node:fs';
import { goldenSetHash, ragSnapshotId } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { fixtureSnapshot, wikiFixture } from './fixture-wiki.test-helpers.js';
import { freezeGoldenSet, parseGoldenSet } from './golden-set.js';
import { buildSnapshot, parsePageRecords } from './snapshot.js';

describe('snapshots', () => {
  it('refuses the same version twice', () => {
    const { pages, origins } = parsePageRecords([
      { file: 'w', line: 1, value: { page_id: 'A', title: 'a', status: 'historical', version: 1, body: '' } },
      { file: 'w', line: 2, value: { page_id: 'A', title: 'a', status: 'current', version: 1, body: '' } },
    ]);
    expect(() => buildSnapshot(pages, { origins })).toThrow(/version 1 appears twice \(line 1, line 2\)/);
  });

  it('refuses two current versions of one page, naming the page and both records', () => {
    const { pages, origins } = parsePageRecords([
      { file: 'w', line: 1, value: { page_id: 'A', title: 'a', status: 'current', version: 1, body: '' } },
      { file: 'w', line: 2, value: { page_id: 'A', title: 'a', status: 'current', version: 2, body: '' } },
    ]);
    expect(() => buildSnapshot(pages, { origins })).toThrow(/page A has 2 current versions \(line 1, line 2\)/);
  });
});

// The golden set and the snapshot are named by core's goldenSetHash and ragSnapshotId alone; the ids stored in
// fixtures/wiki/golden.json must keep matching what freeze and the snapshot builder compute.
describe('one golden-set hash and one snapshot id', () => {
  const snapshot = fixtureSnapshot();
  const raw = JSON.parse(readFileSync(wikiFixture('golden.json'), 'utf8'));
  const golden = parseGoldenSet(raw, { snapshot });

  it('the snapshot built from the bundled wiki has the id its golden set recorded, and core computes the same', () => {
    expect(snapshot.id).toBe(raw.wiki_snapshot);
    expect(ragSnapshotId(snapshot.pages)).toBe(snapshot.id);
    expect(buildSnapshot([...snapshot.pages].reverse()).id).toBe(snapshot.id);
  });

  it('freezing the bundled golden set again records the hash it holds, which is core goldenSetHash', () => {
    expect(freezeGoldenSet(golden).frozen_hash).toBe(raw.frozen_hash);
    expect(goldenSetHash(golden)).toBe(raw.frozen_hash);
  });
});
