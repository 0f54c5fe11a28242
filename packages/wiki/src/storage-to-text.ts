import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import {
  CONTAINERS,
  EMOTICONS,
  HEADING,
  JIRA_KEY,
  PANEL_MACROS,
  SILENT,
  VISIBLE_PARAMETER,
} from './storage-elements.js';
import { type TableCell, TableLayout } from './table-rows.js';
import { type BlockKind, type PageText, TextBuilder } from './text-builder.js';

/**
 * Confluence storage-format XHTML (or the HTML of an HTML space export) → text
 * with headings, lists, tables (each row's cells named by their column),
 * code (every macro with a plain-text body, and the syntaxhighlighter scripts
 * of older HTML exports) and link texts kept, and block and sentence
 * positions. Parsed in XML mode: HTML-mode parsers drop the CDATA that holds
 * code-macro bodies and plain-text link bodies. Pure and browser-safe.
 */
export function storageToText(source: string, opts: { html?: boolean } = {}): PageText {
  const conv = new Converter();
  const parser = new Parser(conv.handlers(), {
    xmlMode: !opts.html,
    decodeEntities: false,
    recognizeSelfClosing: true,
    lowerCaseTags: !!opts.html,
  });
  parser.end(source);
  conv.flush();
  return conv.builder.finish();
}

interface ListFrame {
  ordered: boolean;
  n: number;
}

interface TableFrame {
  readonly layout: TableLayout;
  row: TableCell[] | undefined;
  cell: { header: boolean; colspan: number; rowspan: number } | undefined;
}

/** Text that follows a word directly: whitespace and closing punctuation (Latin and CJK). */
const NO_SPACE_BEFORE = /^[\s.,;:!?)\]}%…、。，；：！？）」』】]/u;

/** Text that a word follows directly: whitespace and opening punctuation. */
const NO_SPACE_AFTER = /[\s([{「『【（]/u;

const span = (v: string | undefined) => Math.max(1, Number.parseInt(v ?? '1', 10) || 1);

class Converter {
  readonly builder = new TextBuilder();
  private buf = '';
  private silent = 0;
  private inCdata = false;
  /** Kind of the innermost open block element; paragraph when none. */
  private readonly kinds: Array<{ tag: string; kind: BlockKind; level?: number }> = [];
  private readonly lists: ListFrame[] = [];
  private readonly macros: Array<{ name: string; params: Record<string, string>; param?: string }> = [];
  private readonly tables: TableFrame[] = [];
  /** Tables opened inside a table cell: their rows stay inline in that cell. */
  private nestedTables = 0;
  private codeBuf: string | undefined;
  private scriptCode = false;
  private linkStack: Array<{ target: string; textStart: number }> = [];
  private taskDone: boolean | undefined;
  private taskStatus = false;
  /** After an inline macro: the next text gets a space unless it starts with one or with closing punctuation. */
  private padAfter = false;

  handlers() {
    return {
      onopentag: (name: string, attrs: Record<string, string>) => this.open(name, attrs),
      onclosetag: (name: string) => this.close(name),
      ontext: (text: string) => this.text(text),
      oncdatastart: () => {
        this.inCdata = true;
      },
      oncdataend: () => {
        this.inCdata = false;
      },
    };
  }

  private get inRow(): boolean {
    return this.tables.at(-1)?.row !== undefined;
  }

  private text(raw: string): void {
    const macro = this.macros.at(-1);
    if (macro?.param !== undefined) {
      macro.params[macro.param] = (macro.params[macro.param] ?? '') + (this.inCdata ? raw : decodeHTML(raw));
      return;
    }
    if (this.taskStatus) {
      this.taskDone = raw.trim() === 'complete';
      return;
    }
    if (this.scriptCode) {
      // In HTML mode a script's CDATA markers arrive as text; inside a table cell the code stays in the cell.
      this.inline(this.inCdata ? raw : raw.replace(/<!\[CDATA\[|\]\]>/g, ''));
      return;
    }
    if (this.silent > 0) return;
    this.inline(this.inCdata ? raw : decodeHTML(raw));
  }

  private open(name: string, attrs: Record<string, string>): void {
    const attr = (k: string) => (attrs[k] === undefined ? undefined : decodeHTML(attrs[k]));
    if ((name === 'ac:parameter' || name === 'ac:default-parameter') && this.macros.length) {
      const m = this.macros.at(-1);
      if (m) m.param = name === 'ac:parameter' ? (attr('ac:name') ?? '') : '';
    }
    if (name === 'script' && this.silent === 0 && /syntaxhighlighter/i.test(attr('type') ?? '')) {
      // Confluence 4/5 HTML exports keep code macros as <script type="syntaxhighlighter"><![CDATA[…]]></script>.
      this.startCode();
      this.scriptCode = true;
      return;
    }
    if (SILENT.has(name)) {
      this.silent++;
      return;
    }
    if (this.silent > 0) return;
    const heading = HEADING.exec(name);
    if (heading) {
      this.startBlock(name, 'heading', Number(heading[1]));
      return;
    }
    switch (name) {
      case 'ul':
      case 'ol':
      case 'ac:task-list':
        if (this.inRow) {
          this.inline('; ');
          return;
        }
        this.flush();
        this.lists.push({ ordered: name === 'ol', n: 0 });
        return;
      case 'li':
      case 'ac:task': {
        if (this.inRow) {
          this.inline(' ');
          return;
        }
        this.flush();
        const list = this.lists.at(-1);
        if (list) list.n++;
        this.kinds.push({ tag: name, kind: 'list_item' });
        this.taskDone = undefined;
        return;
      }
      case 'ac:task-status':
        this.taskStatus = true;
        return;
      case 'table':
        if (this.inRow) {
          this.nestedTables++;
          this.inline(' ');
          return;
        }
        this.flush();
        this.tables.push({ layout: new TableLayout(), row: undefined, cell: undefined });
        return;
      case 'tr': {
        const table = this.tables.at(-1);
        if (this.nestedTables > 0 || !table) {
          this.inline('; ');
          return;
        }
        this.flush();
        table.row = [];
        return;
      }
      case 'td':
      case 'th': {
        const table = this.tables.at(-1);
        if (this.nestedTables > 0 || !table?.row) {
          this.inline(' | ');
          return;
        }
        this.buf = '';
        table.cell = { header: name === 'th', colspan: span(attr('colspan')), rowspan: span(attr('rowspan')) };
        return;
      }
      case 'pre':
        this.startCode();
        return;
      case 'br': {
        this.inline(this.codeBuf !== undefined ? '\n' : ' ');
        return;
      }
      case 'ac:structured-macro':
      case 'ac:macro': {
        const macroName = attr('ac:name') ?? '';
        this.macros.push({ name: macroName, params: {} });
        if (PANEL_MACROS.has(macroName)) this.flush();
        return;
      }
      case 'ac:plain-text-body':
        // Every macro with a plain-text body (code, noformat, code-pro, sql, html, …) shows it as code.
        this.startCode();
        return;
      case 'ac:rich-text-body': {
        if (this.inRow) {
          this.inline(' ');
          return;
        }
        const m = this.macros.at(-1);
        this.flush();
        if (m && PANEL_MACROS.has(m.name) && m.params.title) this.builder.add('paragraph', m.params.title);
        return;
      }
      case 'ac:link':
        this.linkStack.push({ target: '', textStart: this.buf.length });
        return;
      case 'ri:page':
      case 'ri:blog-post':
      case 'ri:attachment':
      case 'ri:space':
      case 'ri:url': {
        const link = this.linkStack.at(-1);
        const target =
          attr('ri:content-title') ?? attr('ri:filename') ?? attr('ri:space-key') ?? attr('ri:value') ?? '';
        if (link) link.target = target;
        return;
      }
      case 'ac:emoticon': {
        const fallback = attr('ac:emoji-fallback');
        const sym = fallback && !fallback.startsWith(':') ? fallback : EMOTICONS[attr('ac:name') ?? ''];
        if (sym) this.inlineWord(sym);
        return;
      }
      case 'time':
        this.inline(attr('datetime') ?? '');
        return;
      default:
        if (CONTAINERS.has(name)) {
          if (this.inRow || this.kinds.at(-1)?.kind === 'list_item') {
            this.inline(' ');
            return;
          }
          this.startBlock(name, 'paragraph');
        }
    }
  }

  private close(name: string): void {
    if (name === 'script' && this.scriptCode) {
      this.scriptCode = false;
      this.endCode();
      return;
    }
    if (SILENT.has(name)) {
      this.silent = Math.max(0, this.silent - 1);
      if (name === 'ac:parameter' || name === 'ac:default-parameter') {
        const m = this.macros.at(-1);
        if (m) m.param = undefined;
      }
      return;
    }
    if (this.silent > 0) return;
    switch (name) {
      case 'ul':
      case 'ol':
      case 'ac:task-list':
        if (this.inRow) return;
        this.flush();
        this.lists.pop();
        return;
      case 'ac:task-status':
        this.taskStatus = false;
        return;
      case 'table':
        if (this.nestedTables > 0) {
          this.nestedTables--;
          this.inline(' ');
          return;
        }
        if (this.tables.length) {
          this.endRow();
          this.tables.pop();
        }
        return;
      case 'tr':
        if (this.nestedTables === 0) this.endRow();
        return;
      case 'td':
      case 'th':
        if (this.nestedTables === 0) this.endCell();
        return;
      case 'pre':
      case 'ac:plain-text-body':
        this.endCode();
        return;
      case 'ac:structured-macro':
      case 'ac:macro': {
        const m = this.macros.pop();
        if (!m) return;
        if (PANEL_MACROS.has(m.name)) this.flush();
        // Inline macros (status lozenges, Jira issues) stay inside their paragraph.
        const visible = (VISIBLE_PARAMETER[m.name] ?? [])
          .map((p) => m.params[p]?.trim())
          .find((v) => !!v && (!m.name.startsWith('jira') || JIRA_KEY.test(v)));
        if (visible) this.inlineWord(visible);
        return;
      }
      case 'ac:link': {
        const link = this.linkStack.pop();
        // A link with no body shows its target's title, as Confluence renders it.
        if (link && this.buf.slice(link.textStart).trim() === '') this.inline(link.target);
        return;
      }
      default:
        if (HEADING.test(name) || name === 'li' || name === 'ac:task' || CONTAINERS.has(name)) {
          if ((this.inRow || this.innerIsListItem(name)) && !this.closes(name)) {
            this.inline(' ');
            return;
          }
          this.flush();
          if (this.closes(name)) this.kinds.pop();
        }
    }
  }

  private startCode(): void {
    if (this.inRow) return;
    this.flush();
    this.codeBuf = '';
  }

  private endCode(): void {
    if (this.codeBuf === undefined) return;
    this.builder.add('code', this.codeBuf);
    this.codeBuf = undefined;
  }

  private endCell(): void {
    const table = this.tables.at(-1);
    if (!table?.row || !table.cell) return;
    table.row.push({ text: this.buf.replace(/[\s\u00a0]+/g, ' ').trim(), ...table.cell });
    table.cell = undefined;
    this.buf = '';
  }

  private endRow(): void {
    const table = this.tables.at(-1);
    if (!table?.row) return;
    this.endCell();
    const { text, header } = table.layout.row(table.row);
    table.row = undefined;
    this.buf = '';
    const before = this.builder.blockCount;
    this.builder.add('table_row', text);
    if (header && this.builder.blockCount > before) this.builder.markHeader();
  }

  private innerIsListItem(name: string): boolean {
    return CONTAINERS.has(name) && this.kinds.at(-1)?.kind === 'list_item';
  }

  private closes(name: string): boolean {
    return this.kinds.at(-1)?.tag === name;
  }

  private startBlock(tag: string, kind: BlockKind, level?: number): void {
    if (this.inRow) {
      this.inline(' ');
      return;
    }
    this.flush();
    this.kinds.push({ tag, kind, ...(level !== undefined && { level }) });
  }

  private inline(s: string): void {
    if (s === '') return;
    if (this.padAfter && !NO_SPACE_BEFORE.test(s)) s = ` ${s}`;
    this.padAfter = false;
    if (this.codeBuf !== undefined) this.codeBuf += s;
    else this.buf += s;
  }

  /** A word an inline element shows (a Jira key, a status title, an emoticon), set apart from the words around it. */
  private inlineWord(word: string): void {
    const before = (this.codeBuf ?? this.buf).at(-1) ?? ' ';
    this.inline(NO_SPACE_AFTER.test(before) ? word : ` ${word}`);
    this.padAfter = true;
  }

  /** Emits the text gathered so far as a block of the innermost open kind. */
  flush(): void {
    this.padAfter = false;
    if (this.inRow) return;
    const text = this.buf;
    this.buf = '';
    if (text.trim() === '') return;
    const frame = this.kinds.at(-1) ?? { tag: '', kind: 'paragraph' as BlockKind };
    if (frame.kind === 'list_item') {
      const depth = Math.max(0, this.lists.length - 1);
      const list = this.lists.at(-1);
      const marker =
        this.taskDone !== undefined ? (this.taskDone ? '[x] ' : '[ ] ') : list?.ordered ? `${list.n}. ` : '- ';
      this.builder.add('list_item', text, { prefix: '  '.repeat(depth) + marker });
      return;
    }
    this.builder.add(frame.kind, text, frame.level !== undefined ? { level: frame.level } : {});
  }
}
