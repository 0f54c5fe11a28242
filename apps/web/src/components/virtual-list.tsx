import { type ReactNode, useEffect, useRef, useState } from 'react';

interface VirtualListProps {
  count: number;
  rowHeight: number;
  height: number;
  renderRow: (index: number) => ReactNode;
  overscan?: number;
  label?: string;
}

/**
 * A windowed list: only the rows in view (plus a few) are in the DOM, so a
 * drill-down over thousands of questions scrolls and opens fast.
 */
export function VirtualList({ count, rowHeight, height, renderRow, overscan = 8, label }: VirtualListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const on = () => setTop(el.scrollTop);
    el.addEventListener('scroll', on, { passive: true });
    return () => el.removeEventListener('scroll', on);
  }, []);
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((top + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <li key={i} className="vrow" style={{ top: i * rowHeight, height: rowHeight }}>
        {renderRow(i)}
      </li>,
    );
  }
  return (
    <div ref={ref} className="vlist" style={{ height, overflowY: 'auto', position: 'relative' }}>
      <ul className="vbody" aria-label={label} data-count={count} style={{ height: count * rowHeight }}>
        {rows}
      </ul>
    </div>
  );
}
