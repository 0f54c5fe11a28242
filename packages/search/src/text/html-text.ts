import { Parser } from 'htmlparser2';

/** Elements whose content is never text a reader sees. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object']);
/** Elements that start and end a block: a blank line around them in the text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);

/**
 * The text a reader sees in an HTML page, and its `<title>`: scripts and styles dropped,
 * entities decoded, each block on lines of its own (a blank line between blocks, one line per
 * `<br>` and table row), table cells separated by " | ", runs of spaces collapsed except in `<pre>`.
 * Deterministic, so the same page always gives the same text and snippet offsets stay valid.
 */
export function htmlText(html: string): { title: string; text: string } {
  let out = '';
  let title = '';
  let hidden = 0;
  let inTitle = false;
  let pre = 0;
  let cellsInRow = 0;
  const breakLine = (blank: boolean) => {
    out = out.replace(/[ \t]+$/, '');
    if (out === '') return;
    const want = blank ? '\n\n' : '\n';
    if (!out.endsWith(want)) out += out.endsWith('\n') ? want.slice(1) : want;
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (HIDDEN.has(name)) hidden++;
        if (hidden > 0) return;
        if (name === 'pre') pre++;
        if (name === 'br') breakLine(false);
        else if (name === 'tr') {
          breakLine(false);
          cellsInRow = 0;
        } else if (name === 'td' || name === 'th') {
          if (cellsInRow++ > 0) out += ' | ';
        } else if (BLOCKS.has(name)) breakLine(true);
      },
      ontext(data) {
        if (inTitle) title += data;
        if (hidden > 0) return;
        if (pre > 0) {
          out += data;
          return;
        }
        const text = data.replace(/\s+/g, ' ');
        // A space at the start of a line or after a space adds nothing.
        out += out === '' || /[\s]$/.test(out) ? text.replace(/^ /, '') : text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (HIDDEN.has(name)) {
          hidden = Math.max(0, hidden - 1);
          return;
        }
        if (hidden > 0) return;
        if (name === 'pre') pre = Math.max(0, pre - 1);
        if (name === 'tr') breakLine(false);
        else if (BLOCKS.has(name)) breakLine(true);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { title: title.replace(/\s+/g, ' ').trim(), text: out.replace(/[ \t]+\n/g, '\n').trim() };
}
