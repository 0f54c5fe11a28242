import { type ModelScore, formatScore as pct, VERDICTS, type Verdict } from '@gamut/core';
import type { DemoRag } from '@gamut/node';
import { renderLeaderboards } from '../../render/table.js';

export interface DemoCounts {
  questions: number;
  checks: number;
  answers: number;
  verdicts: number;
  by_verdict: Record<Verdict, number>;
}

export function renderSummary(o: {
  models: readonly ModelScore[];
  counts: DemoCounts;
  rag: DemoRag | null;
  seconds: number;
  report: string;
}): string {
  const c = o.counts;
  const n = (x: number) => x.toLocaleString('en-US');
  const lines = [
    'Gamut demo: bundled data, offline judge (lexical baseline), no network, no API key',
    '',
    renderLeaderboards(o.models),
    '',
    `${n(c.questions)} questions · ${n(c.checks)} checks · ${n(c.answers)} answers · ${n(c.verdicts)} verdicts: ` +
      VERDICTS.map((v) => `${v.replace('_', ' ')} ${n(c.by_verdict[v])}`).join(' · '),
  ];
  if (o.rag) {
    const s = o.rag.report.summary;
    lines.push(
      `Wiki-QA agent ${o.rag.report.agent ?? ''} (${s.n} questions, offline RAG judge): pass rate ${pct(s.pass_rate)} · ` +
        `Recall@${s.k} ${pct(s.recall_at_k)} · fact coverage ${pct(s.fact_coverage)} · faithfulness ${pct(s.faithfulness)} · ` +
        `citation precision ${pct(s.citation_precision)}`,
    );
  } else lines.push('Wiki-QA agent: bundled wiki data not found, skipped');
  lines.push(`Done in ${o.seconds.toFixed(1)} s. Open the report: ${o.report}`);
  return `${lines.join('\n')}\n`;
}
