import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import { CODE_MACROS, CONTAINERS, EMOTICONS, HEADING, PANEL_MACROS, SILENT } from './storage-elements.js';
import { type BlockKind, type PageText, TextBuilder } from './text-builder.js';

/**
 * Confluence storage-format XHTML (or the HTML of an HTML space export) → text
 * with headings, lists, tables, code macros and link texts kept, and block and
 * sentence positions. Parsed in XML mode: HTML-mode parsers drop the CDATA that
 * holds code-macro bodies and plain-text link bodies. Pure and browser-safe.
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

class Converter {
  readonly builder = new TextBuilder();
  private buf = '';
  private silent = 0;
  private inCdata = false;
  /** Kind of the innermost open block element; paragraph when none. */
  private readonly kinds: Array<{ tag: string; kind: BlockKind; level?: number }> = [];
  private readonly lists: ListFrame[] = [];
  private readonly macros: Array<{ name: string; params: Record<string, string>; param?: string }> = [];
  private rowDepth = 0;
  private cellCount = 0;
  private headerCells = 0;
  private codeBuf: string | undefined;
  private linkStack: Array<{ target: string; textStart: number }> = [];
  private taskDone: boolean | undefined;
  private taskStatus = false;

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
    if (this.silent > 0) return;
    const t = this.inCdata ? raw : decodeHTML(raw);
    if (this.codeBuf !== undefined) this.codeBuf += t;
    else this.buf += t;
  }

  private open(name: string, attrs: Record<string, string>): void {
    const attr = (k: string) => (attrs[k] === undefined ? undefined : decodeHTML(attrs[k]));
    if (name === 'ac:parameter' && this.macros.length) {
      const m = this.macros.at(-1);
      if (m) m.param = attr('ac:name') ?? '';
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
        if (this.rowDepth > 0) {
          this.inline('; ');
          return;
        }
        this.flush();
        this.lists.push({ ordered: name === 'ol', n: 0 });
        return;
      case 'li':
      case 'ac:task': {
        if (this.rowDepth > 0) {
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
      case 'tbody':
      case 'thead':
        if (this.rowDepth === 0) this.flush();
        return;
      case 'tr':
        this.flush();
        this.rowDepth++;
        this.cellCount = 0;
        this.headerCells = 0;
        this.kinds.push({ tag: name, kind: 'table_row' });
        return;
      case 'td':
      case 'th':
        if (this.rowDepth > 0 && this.cellCount++ > 0) this.buf += ' | ';
        if (name === 'th') this.headerCells++;
        return;
      case 'pre':
        this.flush();
        this.codeBuf = '';
        return;
      case 'br': {
        this.inline(this.codeBuf !== undefined ? '\n' : ' ');
        return;
      }
      case 'ac:structured-macro':
      case 'ac:macro': {
        const macroName = attr('ac:name') ?? '';
        this.macros.push({ name: macroName, params: {} });
        if (CODE_MACROS.has(macroName)) this.flush();
        return;
      }
      case 'ac:plain-text-body':
        if (CODE_MACROS.has(this.macros.at(-1)?.name ?? '')) {
          this.flush();
          this.codeBuf = '';
        }
        return;
      case 'ac:rich-text-body': {
        if (this.rowDepth > 0) {
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
        if (sym) this.inline(` ${sym} `);
        return;
      }
      case 'time':
        this.inline(attr('datetime') ?? '');
        return;
      default:
        if (CONTAINERS.has(name)) {
          if (this.rowDepth > 0 || this.kinds.at(-1)?.kind === 'list_item') {
            this.inline(' ');
            return;
          }
          this.startBlock(name, 'paragraph');
        }
    }
  }

  private close(name: string): void {
    if (SILENT.has(name)) {
      this.silent = Math.max(0, this.silent - 1);
      if (name === 'ac:parameter') {
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
        if (this.rowDepth > 0) return;
        this.flush();
        this.lists.pop();
        return;
      case 'ac:task-status':
        this.taskStatus = false;
        return;
      case 'tr': {
        const before = this.builder.blockCount;
        this.flush();
        if (this.builder.blockCount > before && this.headerCells > 0 && this.headerCells === this.cellCount)
          this.builder.markHeader();
        this.rowDepth = Math.max(0, this.rowDepth - 1);
        return;
      }
      case 'pre':
      case 'ac:plain-text-body':
        if (this.codeBuf !== undefined) {
          this.builder.add('code', this.codeBuf);
          this.codeBuf = undefined;
        }
        return;
      case 'ac:structured-macro':
      case 'ac:macro': {
        const m = this.macros.pop();
        // Inline macros (status lozenges, Jira links) stay inside their paragraph.
        if (m && (CODE_MACROS.has(m.name) || PANEL_MACROS.has(m.name))) this.flush();
        else if (m?.name === 'status' && m.params.title) this.inline(` ${m.params.title} `);
        return;
      }
      case 'ac:link': {
        const link = this.linkStack.pop();
        // A link with no body shows its target's title, as Confluence renders it.
        if (link && this.buf.slice(link.textStart).trim() === '') this.inline(link.target);
        return;
      }
      case 'td':
      case 'th':
        return;
      default:
        if (HEADING.test(name) || name === 'li' || name === 'ac:task' || CONTAINERS.has(name)) {
          if ((this.rowDepth > 0 || this.innerIsListItem(name)) && !this.closes(name)) {
            this.inline(' ');
            return;
          }
          this.flush();
          if (this.closes(name)) this.kinds.pop();
        }
    }
  }

  private innerIsListItem(name: string): boolean {
    return CONTAINERS.has(name) && this.kinds.at(-1)?.kind === 'list_item';
  }

  private closes(name: string): boolean {
    return this.kinds.at(-1)?.tag === name;
  }

  private startBlock(tag: string, kind: BlockKind, level?: number): void {
    if (this.rowDepth > 0) {
      this.inline(' ');
      return;
    }
    this.flush();
    this.kinds.push({ tag, kind, ...(level !== undefined && { level }) });
  }

  private inline(s: string): void {
    if (this.codeBuf !== undefined) this.codeBuf += s;
    else this.buf += s;
  }

  /** Emits the text gathered so far as a block of the innermost open kind. */
  flush(): void {
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
