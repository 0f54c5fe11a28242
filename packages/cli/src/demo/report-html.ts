import type { AnswerLine, CompiledRubric, MetaRubric, ModelScore, VerdictLine } from '@gamut/core';
import { OFFLINE_JUDGE_LABEL } from '@gamut/core';
import type { DemoRag } from './demo-rag.js';
import { badge, ci, esc, pct, STYLE, table, VERDICT_ORDER } from './html.js';

export interface DemoReportInput {
  metas: readonly MetaRubric[];
  rubrics: readonly CompiledRubric[];
  answers: readonly AnswerLine[];
  verdicts: readonly VerdictLine[];
  models: readonly ModelScore[];
  rag: DemoRag | null;
  generatedAt: string;
  version: string;
}

const answerKey = (q: string, model: string, setting: string) => `${q}\u0000${model}\u0000${setting}`;

function leaderboard(models: readonly ModelScore[], verdicts: readonly VerdictLine[]): string {
  const counts = new Map<string, Record<string, number>>();
  for (const v of verdicts) {
    const k = `${v.model}\u0000${v.setting}`;
    const c = counts.get(k) ?? {};
    c[v.verdict] = (c[v.verdict] ?? 0) + 1;
    counts.set(k, c);
  }
  const settings = [...new Set(models.map((m) => m.setting))];
  return settings
    .map((setting) => {
      const rows = models
        .filter((m) => m.setting === setting)
        .sort((a, b) => (b.gamut ?? -2) - (a.gamut ?? -2))
        .map((m, i) => {
          const c = counts.get(`${m.model}\u0000${setting}`) ?? {};
          return [
            String(i + 1),
            esc(m.model),
            `<b>${pct(m.gamut)}</b>`,
            ci(m.ci95),
            String(m.n),
            pct(m.tiers.answer_critical),
            pct(m.tiers.valuable),
            pct(m.tiers.context),
            VERDICT_ORDER.map((v) => `${badge(v)} ${c[v] ?? 0}`).join(' '),
          ];
        });
      return `<h3>Setting: ${esc(setting)}</h3>${table(
        ['#', 'model', 'Gamut', '95% CI', 'n', 'answer-critical', 'valuable', 'context', 'verdicts'],
        rows,
      )}`;
    })
    .join('\n');
}

function questionSection(input: DemoReportInput): string {
  const byAnswer = new Map<string, Map<string, VerdictLine>>();
  for (const v of input.verdicts) {
    const k = answerKey(v.question_id, v.model, v.setting);
    const m = byAnswer.get(k) ?? new Map<string, VerdictLine>();
    m.set(v.check_id, v);
    byAnswer.set(k, m);
  }
  const metaById = new Map(input.metas.map((m) => [m.question_id as string, m]));
  const columns = [...new Set(input.answers.map((a) => `${a.model}\u0000${a.setting}`))].sort();
  return input.rubrics
    .map((rubric) => {
      const meta = metaById.get(rubric.question_id);
      const present = columns.filter((c) => {
        const [model, setting] = c.split('\u0000') as [string, string];
        return byAnswer.has(answerKey(rubric.question_id, model, setting));
      });
      const rows = rubric.checks.map((check) => [
        `<code>${esc(check.id)}</code>`,
        esc(check.tier),
        esc(check.kind),
        esc(check.text),
        ...present.map((c) => {
          const [model, setting] = c.split('\u0000') as [string, string];
          const v = byAnswer.get(answerKey(rubric.question_id, model, setting))?.get(check.id);
          return v ? `${badge(v.verdict)}<div class="r">${esc(v.rationale)}</div>` : '–';
        }),
      ]);
      const heads = ['check', 'tier', 'kind', 'text', ...present.map((c) => c.replace('\u0000', ' · '))];
      const answers = input.answers
        .filter((a) => a.question_id === rubric.question_id)
        .map(
          (a) =>
            `<details><summary>${esc(a.model)} · ${esc(a.setting)}</summary><div class="answer" lang="${esc(meta?.language ?? 'en')}">${esc(a.response)}</div></details>`,
        )
        .join('');
      const image = meta?.image ? `<img class="q" src="${esc(meta.image)}" alt="${esc(meta.entity ?? '')}">` : '';
      return `<details class="question"><summary>${esc(rubric.question_id)} — ${esc(meta?.question ?? '')}</summary>
${image}<p class="muted">${esc([meta?.entity, meta?.domain, meta?.popularity, meta?.language].filter(Boolean).join(' · '))}</p>
${meta?.text_only_question ? `<p class="muted">Text-only: ${esc(meta.text_only_question)}</p>` : ''}
${table(heads, rows, 'checks')}${answers}</details>`;
    })
    .join('\n');
}

function ragSection(rag: DemoRag | null): string {
  if (!rag) return '<h2>Wiki-QA agent</h2><p class="muted">The bundled wiki data is not available in this install.</p>';
  const r = rag.report;
  const s = r.summary;
  const summary = table(
    [
      'k',
      'Recall@k',
      'fact coverage',
      'faithfulness',
      'citation precision',
      'pass rate',
      'correct abstention',
      'false abstention',
      'ERB composite',
    ],
    [
      [
        String(s.k),
        pct(s.recall_at_k),
        pct(s.fact_coverage),
        pct(s.faithfulness),
        pct(s.citation_precision),
        pct(s.pass_rate),
        pct(s.correct_abstention_rate),
        pct(s.false_abstention_rate),
        pct(s.erb_composite),
      ],
    ],
  );
  const questions = table(
    ['question', 'type', 'origin', 'Recall@k', 'facts', 'faithful', 'citations', 'abstained', 'pass', 'failure stage'],
    r.questions.map((q) => [
      esc(q.question_id),
      esc(q.type),
      esc(q.origin),
      pct(q.recall_at_k),
      pct(q.fact_coverage),
      pct(q.faithfulness),
      pct(q.citation_precision),
      q.abstained ? 'yes' : 'no',
      q.pass ? 'yes' : '<b>no</b>',
      esc(q.failure_stage ?? ''),
    ]),
  );
  const byType = table(
    ['type', 'n', 'pass rate', 'Recall@k', 'fact coverage'],
    Object.entries(r.by_type).map(([t, g]) => [
      esc(t),
      String(g.n),
      pct(g.pass_rate),
      pct(g.recall_at_k),
      pct(g.fact_coverage),
    ]),
  );
  const stages = table(
    ['failure stage', 'questions'],
    Object.entries(r.by_stage).map(([k, n]) => [esc(k), String(n)]),
  );
  const flags = r.flags.length
    ? table(
        ['question', 'flag', 'detail'],
        r.flags.map((f) => [esc(f.question_id), esc(f.kind), esc(f.detail)]),
      )
    : '<p class="muted">No flags.</p>';
  return `<h2>Wiki-QA agent: ${esc(r.agent ?? '')}</h2>
<p class="muted">Golden set ${esc(r.golden.name)} ${esc(r.golden.version)} (hash ${esc(r.golden.hash.slice(0, 12))}), ${r.snapshot.pages} page versions; judged by the offline RAG judge (lexical baseline). Metrics are ×100.</p>
${summary}<h3>By question type</h3>${byType}<h3>By failure stage</h3>${stages}<h3>Per question</h3>${questions}<h3>Flags for review</h3>${flags}`;
}

/** A self-contained HTML page (no scripts, no external files except the run's own images). */
export function renderDemoReport(input: DemoReportInput): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gamut demo report</title><style>${STYLE}</style></head><body>
<h1>Gamut demo report</h1>
<p><span class="label">Judge: ${esc(OFFLINE_JUDGE_LABEL)}</span> <span class="muted">— it matches words and values; it does not understand paraphrase, so treat these numbers as a floor, not as an LLM judge's grades. Generated ${esc(input.generatedAt)} by gamut ${esc(input.version)}.</span></p>
<p class="muted">${input.rubrics.length} questions, ${input.rubrics.reduce((s, r) => s + r.checks.length, 0)} checks, ${input.answers.length} answers, ${input.verdicts.length} verdicts. Scores are Gamut scores ×100 (range −100 to 100) with 95% bootstrap intervals over questions.</p>
<h2>Leaderboard</h2>
${leaderboard(input.models, input.verdicts)}
<h2>Questions and verdicts</h2>
${questionSection(input)}
${ragSection(input.rag)}
</body></html>
`;
}
