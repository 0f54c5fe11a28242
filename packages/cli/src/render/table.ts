import Table from 'cli-table3';

export type Align = 'left' | 'right' | 'center';

/** A table aligned by display width (cli-table3 measures it), so Korean, two columns a character, lines up. */
export function newTable(head: readonly string[], align: readonly Align[]): Table.Table {
  return new Table({ head: [...head], colAligns: [...align], style: { head: [], border: [] } });
}

/** Keeps the rule under the header and drops those between body rows: these tables are read down their columns. */
export function renderCompact(t: Table.Table): string {
  let seen = false;
  return t
    .toString()
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('├')) return true;
      if (seen) return false;
      seen = true;
      return true;
    })
    .join('\n');
}
