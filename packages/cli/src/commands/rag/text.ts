import type { Command } from '@commander-js/extra-typings';
import { positiveInt } from './int-option.js';

export function registerRagText(rag: Command): void {
  rag
    .command('text')
    .description('print the text view of wiki pages: what agents retrieve and judges read (tables row by row)')
    .argument('<wiki>', 'snapshot JSONL, folder of pages, Confluence export or one page file')
    .option('--page <id>', 'only this page')
    .option('--version <n>', 'this version of --page (default: its current version)', positiveInt('--version'))
    .option('--blocks', 'number each block as judges cite it (#block-N) and name its kind')
    .option('--json', 'print the pages with their text, blocks and sentences as JSON')
    .action(async (wiki, opts) => {
      const { InputError } = await import('@gamut/core');
      const { importWiki } = await import('@gamut/node');
      const { pageText, pageTextJson, pickPageVersion, renderPageText } = await import('@gamut/wiki');
      if (opts.version !== undefined && opts.page === undefined)
        throw new InputError({
          rule: 'usage',
          message: '--version needs --page: name the page whose version to print',
        });
      const { snapshot, warnings } = await importWiki(wiki);
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
      const pages =
        opts.page === undefined
          ? [...snapshot.current.values()]
          : [pickPageVersion(snapshot.pages, opts.page, opts.version, wiki)];
      const views = pages.map((page) => ({ page, text: pageText(page) }));
      if (opts.json) {
        const out = views.map(({ page, text }) => pageTextJson(page, text));
        process.stdout.write(`${JSON.stringify(opts.page === undefined ? out : out[0], null, 2)}\n`);
        return;
      }
      process.stdout.write(
        views.map((v) => renderPageText(v.page, v.text, { blocks: opts.blocks === true })).join('\n'),
      );
    });
}
