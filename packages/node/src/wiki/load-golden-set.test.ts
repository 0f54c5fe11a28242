import { describe, expect, it } from 'vitest';
import { loadGoldenSet } from './load-golden-set.js';
import { loadWikiSnapshot } from './load-snapshot.js';

const fixture = (p: string) => new URL(`../../../../fixtures/wiki/${p}`, import.meta.url).pathname;

describe('golden-set validation', () => {
  it('accepts the bundled golden set, which is frozen against the bundled wiki', async () => {
    const snapshot = await loadWikiSnapshot(fixture('wiki.jsonl'));
    const g = await loadGoldenSet(fixture('golden.json'), { snapshot });
    expect(g.golden.questions.length).toBeGreaterThanOrEqual(22);
    expect(g.golden.frozen_hash).toBe(g.hash);
    expect(g.golden.wiki_snapshot).toBe(snapshot.id);
    expect(new Set(g.golden.questions.map((x) => x.type))).toEqual(
      new Set(['single_page', 'multi_page', 'version_conflict', 'unanswerable']),
    );
    expect(new Set(g.golden.questions.map((x) => x.origin))).toEqual(new Set(['synthetic', 'real']));
  });
});
