import type { RagGroupSummary, RagReport } from '@gamut/core';
import { renderCompact as compact, newTable as table } from '../../render/table.js';

/** ×100 with one decimal, only when rendering; undefined stays visible as "—". */
export function pct(x: number | null | undefined): string {
  if (x === null || x === undefined) return '—';
  const s = (x * 100).toFixed(1);
  return s === '-0.0' ? '0.0' : s;
}

// cli-table3 measures display width: Korean ids, types and details line up.

const GROUP_HEAD = ['n', 'pass', 'R@k', 'coverage', 'faithful', 'cite prec', 'abstain ok', 'false abst', 'ERB'];
const groupCells = (g: RagGroupSummary) => [
  String(g.n),
  pct(g.pass_rate),
  pct(g.recall_at_k),
  pct(g.fact_coverage),
  pct(g.faithfulness),
  pct(g.citation_precision),
  pct(g.correct_abstention_rate),
  pct(g.false_abstention_rate),
  pct(g.erb_composite),
];

function groupTable(title: string, groups: Record<string, RagGroupSummary>): string {
  const t = table([title, ...GROUP_HEAD], ['left', ...GROUP_HEAD.map(() => 'right' as const)]);
  for (const [k, g] of Object.entries(groups)) t.push([k, ...groupCells(g)]);
  return compact(t);
}

export function renderRagReport(
  report: RagReport,
  opts: { offlineJudge: boolean; maxFlags?: number } = { offlineJudge: false },
): string {
  const out: string[] = [];
  const k = report.summary.k;
  out.push(`golden set  ${report.golden.name} v${report.golden.version}  hash ${report.golden.hash}`);
  out.push(`wiki        snapshot ${report.snapshot.id}  (${report.snapshot.pages} pages)`);
  out.push(
    `agent       ${report.agent ?? '—'}    judge ${report.judge ?? '—'}${opts.offlineJudge ? '  (lexical baseline, not an LLM judge)' : ''}`,
  );
  out.push('');

  const q = table(
    ['question', 'type', 'origin', `R@${k}`, 'coverage', 'faithful', 'cite prec', 'abstained', 'pass', 'failure stage'],
    ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'center', 'center', 'left'],
  );
  for (const r of report.questions) {
    q.push([
      r.question_id,
      r.type,
      r.origin,
      pct(r.recall_at_k),
      pct(r.fact_coverage),
      pct(r.faithfulness),
      pct(r.citation_precision),
      r.abstained ? 'yes' : 'no',
      r.pass ? 'PASS' : 'fail',
      r.failure_stage ?? '',
    ]);
  }
  out.push('Per question', compact(q), '');

  const s = report.summary;
  const sum = table(['metric', 'value', 'over'], ['left', 'right', 'left']);
  sum.push(
    [`Recall@${k}`, pct(s.recall_at_k), 'answerable questions'],
    ['fact coverage', pct(s.fact_coverage), 'answerable questions'],
    ['faithfulness', pct(s.faithfulness), 'questions with a claim'],
    ['citation precision', pct(s.citation_precision), 'questions with a cited claim'],
    ['pass rate', pct(s.pass_rate), `all ${s.n} questions`],
    ['correct abstention', pct(s.correct_abstention_rate), `${s.n_unanswerable} unanswerable`],
    ['false abstention', pct(s.false_abstention_rate), `${s.n_answerable} answerable`],
    ['EnterpriseRAG-Bench composite', pct(s.erb_composite), 'answerable (correct × coverage)'],
  );
  out.push('Summary (×100)', compact(sum), '');

  out.push('By question type', groupTable('type', report.by_type), '');
  const st = table(['failure stage', 'questions'], ['left', 'right']);
  for (const [stage, n] of Object.entries(report.by_stage)) st.push([stage, String(n)]);
  out.push('By failure stage', compact(st), '');
  out.push('By origin', groupTable('origin', report.by_origin), '');

  if (report.ragchecker) {
    const m = report.ragchecker.metrics;
    const rc = table(['RAGChecker metric', 'value'], ['left', 'right']);
    for (const [name, v] of Object.entries(m)) rc.push([name, pct(v)]);
    out.push(`RAGChecker diagnostics (${report.ragchecker.n} questions with two-way claim labels)`, compact(rc), '');
  }

  const max = opts.maxFlags ?? 50;
  if (report.flags.length === 0) out.push('Flags for review: none');
  else {
    const f = table(['question', 'flag', 'detail'], ['left', 'left', 'left']);
    for (const fl of report.flags.slice(0, max)) f.push([fl.question_id, fl.kind, fl.detail]);
    out.push(`Flags for review (${report.flags.length})`, compact(f));
    if (report.flags.length > max) out.push(`… ${report.flags.length - max} more in --json`);
  }
  return `${out.join('\n')}\n`;
}

/** Two comparable runs' summaries side by side, with the difference. */
export function renderComparison(
  a: RagReport['summary'],
  b: RagReport['summary'],
  names: { a: string; b: string },
): string {
  const t = table(['metric', names.a, names.b, 'Δ'], ['left', 'right', 'right', 'right']);
  const keys = [
    'recall_at_k',
    'fact_coverage',
    'faithfulness',
    'citation_precision',
    'pass_rate',
    'correct_abstention_rate',
    'false_abstention_rate',
    'erb_composite',
  ] as const;
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    t.push([key, pct(x), pct(y), x === null || y === null ? '—' : pct(x - y)]);
  }
  return `Compared with ${names.b} (same golden set and snapshot)\n${compact(t)}\n`;
}
