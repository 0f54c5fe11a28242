/**
 * Table rows as the text view shows them: a data row names each cell's column
 * ("Environment: production | Approvers: 2"), so that a judge reads a claim
 * against one row and not against a flattened table. Pure and browser-safe.
 */
export interface TableCell {
  readonly text: string;
  readonly header: boolean;
  readonly colspan?: number;
  readonly rowspan?: number;
}

/** Column state of one table: its header texts and the cells that span down into later rows. */
export class TableLayout {
  private headers: string[] | undefined;
  private carried: Array<{ col: number; cell: TableCell; left: number }> = [];

  /** The text of a row, and whether it is the table's header row. */
  row(cells: readonly TableCell[]): { text: string; header: boolean } {
    const placed = this.place(cells);
    const filled = placed.filter((c): c is TableCell => c !== undefined && c.text !== '');
    if (filled.length === 0) return { text: '', header: false };
    const isHeader = this.headers === undefined && cells.length > 0 && cells.every((c) => c.header);
    if (isHeader) {
      this.headers = placed.map((c) => c?.text ?? '');
      return { text: joinDistinct(filled.map((c) => c.text)), header: true };
    }
    const headers = this.headers;
    // A key-value table (a header cell leading each row, no header row) reads "Owner: ops@…".
    const lead = placed[0];
    if (!headers && lead?.header && lead.text !== '' && filled.length > 1 && filled.slice(1).every((c) => !c.header)) {
      return { text: `${lead.text}: ${joinDistinct(filled.slice(1).map((c) => c.text))}`, header: false };
    }
    const parts: string[] = [];
    placed.forEach((cell, col) => {
      if (!cell || cell.text === '') return;
      const name = headers?.[col] ?? '';
      parts.push(name && name !== cell.text ? `${name}: ${cell.text}` : cell.text);
    });
    return { text: joinDistinct(parts), header: false };
  }

  /** Cells at their columns, with colspans repeated and rowspans from the rows above filled in. */
  private place(cells: readonly TableCell[]): Array<TableCell | undefined> {
    const out: Array<TableCell | undefined> = [];
    const taken = new Map(this.carried.map((c) => [c.col, c.cell]));
    let col = 0;
    const skipTaken = () => {
      while (taken.has(col)) {
        out[col] = taken.get(col);
        col++;
      }
    };
    const next: typeof this.carried = this.carried.filter((c) => c.left > 1).map((c) => ({ ...c, left: c.left - 1 }));
    for (const cell of cells) {
      skipTaken();
      const span = Math.max(1, cell.colspan ?? 1);
      for (let i = 0; i < span; i++) {
        out[col + i] = cell;
        if ((cell.rowspan ?? 1) > 1) next.push({ col: col + i, cell, left: (cell.rowspan ?? 1) - 1 });
      }
      col += span;
    }
    skipTaken();
    for (const [c, cell] of taken) if (out[c] === undefined) out[c] = cell;
    this.carried = next;
    return out;
  }
}

/** Joins parts with " | ", dropping a merged cell's repeats (one cell spanning two columns is said once). */
function joinDistinct(parts: readonly string[]): string {
  const out: string[] = [];
  for (const p of parts) if (out.at(-1) !== p) out.push(p);
  return out.join(' | ');
}
