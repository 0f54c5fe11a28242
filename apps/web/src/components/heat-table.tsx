import { formatScore } from '@gamut/core';
import { heatColor } from './charts.js';

export interface HeatCell {
  /** A score in [−1, 1] (or a difference of scores); shown ×100 and coloured. */
  value: number | null | undefined;
  title: string;
  href?: string;
}

/** Models down, columns (domains, popularity bands) across, one coloured score per cell. */
export function HeatTable({
  testId,
  models,
  columns,
  cell,
}: {
  testId: string;
  models: readonly string[];
  columns: readonly (string | null)[];
  cell: (model: string, column: string | null) => HeatCell;
}) {
  return (
    <div className="scroll-x">
      <table className="heatmap" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Model</th>
            {columns.map((d) => (
              <th key={d ?? '∅'} scope="col">
                {d ?? '(none)'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m}>
              <th scope="row">{m}</th>
              {columns.map((d) => {
                const c = cell(m, d);
                const text = formatScore(c.value);
                return (
                  <td
                    key={d ?? '∅'}
                    className="num heat"
                    style={{ background: heatColor(c.value ?? null) }}
                    title={c.title}
                  >
                    {c.href === undefined ? text : <a href={c.href}>{text}</a>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
