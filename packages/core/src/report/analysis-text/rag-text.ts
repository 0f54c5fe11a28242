import type { RagGroupSummary, RagReport } from '../../rag/report-schema.js';
import { pct, type TextBlock, type TextTable } from './text-blocks.js';

const GROUP_HEAD = ['n', 'pass', 'R@k', 'coverage', 'faithful', 'cite prec', 'abstain ok', 'false abst', 'ERB'];

function groupTable(title: string, groups: Record<string, RagGroupSummary>): TextTable {
  return {
    head: [title, ...GROUP_HEAD],
    rows: Object.entries(groups).map(([k, g]) => [
      k,
      String(g.n),
      pct(g.pass_rate),
      pct(g.recall_at_k),
      pct(g.fact_coverage),
      pct(g.faithfulness),
      pct(g.citation_precision),
      pct(g.correct_abstention_rate),
      pct(g.false_abstention_rate),
      pct(g.erb_composite),
    ]),
    right: GROUP_HEAD.map((_, i) => i + 1),
  };
}

/** `gamut rag score` as text: what was graded, each question, the summary, the groups, the flags for review. */
export function ragReportText(
  report: RagReport,
  opts: { offlineJudge: boolean; maxFlags?: number } = { offlineJudge: false },
): TextBlock[] {
  return [
    `golden set  ${report.golden.name} v${report.golden.version}  hash ${report.golden.hash}`,
    `wiki        snapshot ${report.snapshot.id}  (${report.snapshot.pages} pages)`,
    `agent       ${report.agent ?? '—'}    judge ${report.judge ?? '—'}${opts.offlineJudge ? '  (lexical baseline, not an LLM judge)' : ''}`,
    '',
    'Per question',
    questionTable(report),
    '',
    'Summary (×100)',
    summaryTable(report.summary),
    '',
    'By question type',
    groupTable('type', report.by_type),
    '',
    'By failure stage',
    {
      head: ['failure stage', 'questions'],
      rows: Object.entries(report.by_stage).map(([stage, n]) => [stage, String(n)]),
      right: [1],
    },
    '',
    'By origin',
    groupTable('origin', report.by_origin),
    '',
    ...ragCheckerText(report),
    ...flagsText(report, opts.maxFlags ?? 50),
    '',
  ];
}

function questionTable(report: RagReport): TextTable {
  return {
    head: [
      'question',
      'type',
      'origin',
      `R@${report.summary.k}`,
      'coverage',
      'faithful',
      'cite prec',
      'abstained',
      'pass',
      'failure stage',
    ],
    rows: report.questions.map((r) => [
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
    ]),
    right: [3, 4, 5, 6],
    align: ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'center', 'center', 'left'],
  };
}

function summaryTable(s: RagReport['summary']): TextTable {
  return {
    head: ['metric', 'value', 'over'],
    rows: [
      [`Recall@${s.k}`, pct(s.recall_at_k), 'answerable questions'],
      ['fact coverage', pct(s.fact_coverage), 'answerable questions'],
      ['faithfulness', pct(s.faithfulness), 'questions with a claim'],
      ['citation precision', pct(s.citation_precision), 'questions with a cited claim'],
      ['pass rate', pct(s.pass_rate), `all ${s.n} questions`],
      ['correct abstention', pct(s.correct_abstention_rate), `${s.n_unanswerable} unanswerable`],
      ['false abstention', pct(s.false_abstention_rate), `${s.n_answerable} answerable`],
      ['EnterpriseRAG-Bench composite', pct(s.erb_composite), 'answerable (correct × coverage)'],
    ],
    right: [1],
  };
}

function ragCheckerText(report: RagReport): TextBlock[] {
  if (!report.ragchecker) return [];
  return [
    `RAGChecker diagnostics (${report.ragchecker.n} questions with two-way claim labels)`,
    {
      head: ['RAGChecker metric', 'value'],
      rows: Object.entries(report.ragchecker.metrics).map(([name, v]) => [name, pct(v)]),
      right: [1],
    },
    '',
  ];
}

function flagsText(report: RagReport, max: number): TextBlock[] {
  if (report.flags.length === 0) return ['Flags for review: none'];
  return [
    `Flags for review (${report.flags.length})`,
    {
      head: ['question', 'flag', 'detail'],
      rows: report.flags.slice(0, max).map((fl) => [fl.question_id, fl.kind, fl.detail]),
      right: [],
    },
    ...(report.flags.length > max ? [`… ${report.flags.length - max} more in --json`] : []),
  ];
}

const COMPARED = [
  'recall_at_k',
  'fact_coverage',
  'faithfulness',
  'citation_precision',
  'pass_rate',
  'correct_abstention_rate',
  'false_abstention_rate',
  'erb_composite',
] as const;

/** Two comparable runs' summaries side by side, with the difference. */
export function ragComparisonText(
  a: RagReport['summary'],
  b: RagReport['summary'],
  names: { a: string; b: string },
): TextBlock[] {
  return [
    `Compared with ${names.b} (same golden set and snapshot)`,
    {
      head: ['metric', names.a, names.b, 'Δ'],
      rows: COMPARED.map((key) => {
        const x = a[key];
        const y = b[key];
        return [key, pct(x), pct(y), x === null || y === null ? '—' : pct(x - y)];
      }),
      right: [1, 2, 3],
    },
    '',
  ];
}
