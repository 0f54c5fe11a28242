import { InputError } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { pageFileExtension, pageFromFile } from './page-file.js';

const issuesOf = (f: Parameters<typeof pageFromFile>[0]) => {
  try {
    pageFromFile(f);
    return [];
  } catch (e) {
    if (!InputError.isInputError(e)) throw e;
    return e.issues.map((i) => ({ rule: i.rule, file: i.file, item: i.item, path: i.path }));
  }
};

describe('a page from one file of a folder of pages', () => {
  it('fills the defaults: id from the file name, version 1, current, title from the first heading, space from the folder', () => {
    expect(pageFromFile({ path: 'OPS/OPS-7.md', text: '\uFEFFintro\n\n## On-call #\n\nPage the lead.' })).toEqual({
      page_id: 'OPS-7',
      version: 1,
      status: 'current',
      title: 'On-call',
      space: 'OPS',
      format: 'markdown',
      body: 'intro\n\n## On-call #\n\nPage the lead.',
    });
    expect(pageFromFile({ path: 'IT-9.XHTML', text: '<h2>VPN <b>access</b></h2><p>WireGuard.</p>' })).toMatchObject({
      page_id: 'IT-9',
      title: 'VPN access',
      format: 'storage',
    });
    expect(pageFromFile({ path: 'notes.txt', text: 'plain' })).toMatchObject({ title: 'notes', format: 'text' });
  });

  it('reads YAML front matter, and a sidecar wins over it', () => {
    const page = pageFromFile({
      path: 'HR-1.md',
      text: '---\ntitle: Leave\nversion: 2\nupdated_at: 2024-03-04T09:00:00Z\n---\n# Ignored heading\nFifteen days.',
      sidecar: { version: 3, status: 'historical' },
    });
    expect(page).toMatchObject({
      page_id: 'HR-1',
      title: 'Leave',
      version: 3,
      status: 'historical',
      updated_at: '2024-03-04T09:00:00Z',
      body: '# Ignored heading\nFifteen days.',
    });
  });

  it('takes a .json page from its parsed content, body included', () => {
    expect(
      pageFromFile({
        path: 'A.json',
        text: '{}',
        json: { page_id: 'POL-1', title: 'Policy', body: '<p>x</p>', format: 'storage' },
      }),
    ).toMatchObject({ page_id: 'POL-1', title: 'Policy', body: '<p>x</p>', format: 'storage', version: 1 });
  });

  it('names the file and the page of bad metadata, and of front matter that is not YAML', () => {
    expect(issuesOf({ path: 'B.md', file: '/w/B.md', text: 'x', sidecar: { version: 0 } })).toEqual([
      { rule: 'schema/too_small', file: '/w/B.md', item: 'B', path: 'version' },
    ]);
    expect(issuesOf({ path: 'C.md', text: '---\ntitle: [unclosed\n---\nbody' })).toEqual([
      { rule: 'page-metadata', file: 'C.md', item: undefined, path: undefined },
    ]);
  });

  it('knows page files by extension and leaves sidecars and other files out', () => {
    expect(
      ['a.md', 'a.Markdown', 'a.json', 'a.html', 'a.meta.json', 'a.meta.yaml', 'a.png', 'README'].map(
        pageFileExtension,
      ),
    ).toEqual(['.md', '.markdown', '.json', '.html', undefined, undefined, undefined, undefined]);
  });
});
