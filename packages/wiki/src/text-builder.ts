import { sentenceSpans } from '@gamut/core';

/**
 * The plain-text view of a page with the positions a judge's "location" can
 * point to: blocks (`#block-3`) and sentences, as character offsets into `text`.
 * Pure and browser-safe, like the converters that fill it.
 */
export type BlockKind = 'heading' | 'paragraph' | 'list_item' | 'table_row' | 'code';

export interface TextBlock {
  readonly kind: BlockKind;
  /** Offsets into `PageText.text` of the block's content (list markers excluded). */
  readonly start: number;
  readonly end: number;
  /** Texts of the headings the block sits under, outermost first (a heading lists its ancestors). */
  readonly path: readonly string[];
  /** A table row of header cells. */
  readonly header?: boolean;
}

export interface SentenceSpan {
  readonly start: number;
  readonly end: number;
  /** Index into `PageText.blocks`. */
  readonly block: number;
}

export interface PageText {
  readonly text: string;
  readonly blocks: readonly TextBlock[];
  readonly sentences: readonly SentenceSpan[];
}

export function collapseSpace(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

export class TextBuilder {
  private text = '';
  private readonly blocks: TextBlock[] = [];
  private readonly sentences: SentenceSpan[] = [];
  private readonly headings: Array<string | undefined> = [];

  /** Adds one block on its own line; empty content adds nothing. */
  add(kind: BlockKind, content: string, opts: { prefix?: string; level?: number } = {}): void {
    const body = kind === 'code' ? content.replace(/^\n+|\s+$/g, '') : collapseSpace(content);
    if (body === '') return;
    if (this.text !== '') this.text += '\n';
    this.text += opts.prefix ?? '';
    const start = this.text.length;
    this.text += body;
    const end = this.text.length;
    const level = Math.min(Math.max(opts.level ?? 1, 1), 6);
    const path = this.headings.slice(0, kind === 'heading' ? level - 1 : undefined).filter((h): h is string => !!h);
    const index = this.blocks.length;
    this.blocks.push({ kind, start, end, path });
    if (kind === 'heading') {
      this.headings.length = level - 1;
      this.headings[level - 1] = body;
    }
    if (kind === 'paragraph' || kind === 'list_item') {
      for (const s of sentenceSpans(body))
        this.sentences.push({ start: start + s.start, end: start + s.end, block: index });
    } else {
      this.sentences.push({ start, end, block: index });
    }
  }

  get blockCount(): number {
    return this.blocks.length;
  }

  /** Marks the last block, a table row, as the table's header row. */
  markHeader(): void {
    const last = this.blocks.at(-1);
    if (last?.kind === 'table_row') this.blocks[this.blocks.length - 1] = { ...last, header: true };
  }

  finish(): PageText {
    return { text: this.text, blocks: this.blocks, sentences: this.sentences };
  }
}

/** The text of block `i` (0-based; `#block-<i+1>` in locations). */
export function blockText(page: PageText, i: number): string | undefined {
  const b = page.blocks[i];
  return b ? page.text.slice(b.start, b.end) : undefined;
}
