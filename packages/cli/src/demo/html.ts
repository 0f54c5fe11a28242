/** Escapes text for HTML element content and attribute values. */
export function esc(s: unknown): string {
  return String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A fraction in [−1, 1] shown ×100 with one decimal; null as an en dash. */
export function pct(x: number | null | undefined): string {
  return x === null || x === undefined ? '–' : (x * 100).toFixed(1);
}

export function ci(c: readonly [number, number] | null | undefined): string {
  return c ? `[${pct(c[0])}, ${pct(c[1])}]` : '–';
}

export const VERDICT_ORDER = ['meets', 'partially_meets', 'missing', 'contradicts'] as const;

export function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, cls = ''): string {
  const head = headers.map((h) => `<th>${esc(h)}</th>`).join('');
  // Cells arrive already escaped (some hold markup such as badges).
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return `<table class="${cls}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export function badge(verdict: string): string {
  return `<span class="v v-${esc(verdict)}">${esc(verdict.replace('_', ' '))}</span>`;
}

export const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans KR","Apple SD Gothic Neo",sans-serif;margin:0 auto;max-width:1200px;padding:1rem 2rem;color:#1d1f23}
h1{margin-bottom:.2rem}h2{margin-top:2.2rem;border-bottom:1px solid #ddd}
.label{display:inline-block;background:#fff4d6;border:1px solid #e6c96a;border-radius:4px;padding:.15rem .5rem;font-size:.9rem}
table{border-collapse:collapse;margin:.6rem 0;font-size:.92rem}th,td{border:1px solid #ddd;padding:.3rem .55rem;vertical-align:top;text-align:left}
th{background:#f4f5f7}td.num{text-align:right;font-variant-numeric:tabular-nums}
.v{display:inline-block;border-radius:3px;padding:0 .35rem;font-size:.8rem;white-space:nowrap}
.v-meets{background:#d9f2dd;color:#14532d}.v-partially_meets{background:#fdf0c4;color:#713f12}
.v-missing{background:#eceef1;color:#374151}.v-contradicts{background:#fbd5d5;color:#7f1d1d}
.r{font-size:.78rem;color:#555;margin-top:.15rem}details{margin:.5rem 0}summary{cursor:pointer;font-weight:600}
.answer{white-space:pre-wrap;background:#fafafa;border:1px solid #eee;padding:.5rem;font-size:.88rem}
img.q{max-width:220px;max-height:160px;border:1px solid #ddd;float:right;margin-left:1rem}
.muted{color:#666}`;
