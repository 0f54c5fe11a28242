import type { CompiledRubric, MetaItem, MetaRubric, SettledAnswer, SettledVerdict } from '../schema/index.js';
import type { AnswerScore } from '../score/index.js';
import type { DrillAnswer, DrillItem, DrillJudgement, QuestionDetail } from './report-model.js';
import { FAILED_CODE, verdictCode } from './verdict-codes.js';

export interface DrillDownOptions {
  metaRubrics: readonly MetaRubric[];
  rubrics: readonly CompiledRubric[];
  answers: readonly SettledAnswer[];
  /** Verdict lines and judge failure lines (`"verdict": null`). */
  verdicts: readonly SettledVerdict[];
  scores: readonly AnswerScore[];
}

function itemParts(item: MetaItem): string[] {
  switch (item.type) {
    case 'strict_list':
    case 'flexible_list':
      return [...item.members.map((m) => m.text), ...(item.insights ?? []).map((i) => `insight: ${i.text}`)];
    case 'process':
      return [
        ...item.steps.map((s) => (s.required ? s.text : `${s.text} (optional)`)),
        ...(item.insights ?? []).map((i) => `insight: ${i.text}`),
      ];
    case 'relationship':
      return [`entity: ${item.entity}`, ...item.aspects.map((a) => a.text)];
    default:
      return [];
  }
}

function itemSnippets(item: MetaItem): string[] {
  const ids = new Set<string>(item.snippets ?? []);
  const add = (xs?: readonly { snippets?: readonly string[] }[]) => {
    for (const x of xs ?? []) for (const s of x.snippets ?? []) ids.add(s);
  };
  if (item.type === 'strict_list' || item.type === 'flexible_list') add(item.members);
  if (item.type === 'process') add(item.steps);
  if (item.type === 'relationship') add(item.aspects);
  return [...ids];
}

/** Offsets instead of a copy of the answer's own text keep large reports small. */
function quoteRef(response: string, quote: string | undefined): [number, number] | string | null {
  if (!quote) return null;
  const at = response.indexOf(quote);
  return at >= 0 ? [at, at + quote.length] : quote;
}

const judgeKey = (v: { question_id: string; model: string; setting: string }) =>
  `${v.question_id}\u0000${v.model}\u0000${v.setting}`;

/**
 * One record per question for the drill-down: the meta-rubric, its compiled
 * checks, and every answer with each judge's verdict codes, rationales and quotes.
 */
export function buildDrillDown(o: DrillDownOptions): QuestionDetail[] {
  const metas = new Map(o.metaRubrics.map((m) => [m.question_id as string, m]));
  // answer key → judge → check id → verdict (sample 0 only)
  const byAnswer = new Map<string, Map<string, Map<string, SettledVerdict>>>();
  for (const v of o.verdicts) {
    if ((v.sample ?? 0) !== 0) continue;
    const k = judgeKey(v);
    const judges = byAnswer.get(k) ?? new Map<string, Map<string, SettledVerdict>>();
    byAnswer.set(k, judges);
    const checks = judges.get(v.judge) ?? new Map<string, SettledVerdict>();
    judges.set(v.judge, checks);
    checks.set(v.check_id, v);
  }
  const scores = new Map(o.scores.map((s) => [judgeKey(s), s]));
  const failures = new Map<string, DrillAnswer['failures']>();
  for (const f of o.verdicts) {
    if (f.verdict !== null || (f.sample ?? 0) !== 0) continue;
    const k = judgeKey(f);
    const list = failures.get(k) ?? [];
    list.push({ check_id: f.check_id, judge: f.judge, kind: f.failure.kind, reason: f.failure.reason });
    failures.set(k, list);
  }
  const answersByQuestion = new Map<string, SettledAnswer[]>();
  for (const a of o.answers) {
    const list = answersByQuestion.get(a.question_id) ?? [];
    list.push(a);
    answersByQuestion.set(a.question_id, list);
  }

  return o.rubrics.map((rubric) => {
    const qid = rubric.question_id as string;
    const meta = metas.get(qid);
    const checks = rubric.checks.map((c) => ({
      id: c.id as string,
      tier: c.tier,
      kind: c.kind,
      text: c.text,
      item: c.item as string,
      secondary: c.secondary,
      snippets: (c.snippets ?? []).map(String),
      ...((c.kind === 'threshold' || c.kind === 'coverage') && { min: c.min }),
    }));
    const answers = (answersByQuestion.get(qid) ?? [])
      .slice()
      .sort((a, b) => a.model.localeCompare(b.model) || a.setting.localeCompare(b.setting))
      .map((a): DrillAnswer => {
        const k = judgeKey(a);
        const judgements: Record<string, DrillJudgement> = {};
        for (const [judge, byCheck] of byAnswer.get(k) ?? []) {
          let codes = '';
          const rationales: string[] = [];
          const quotes: DrillJudgement['quotes'] = [];
          for (const c of checks) {
            const v = byCheck.get(c.id);
            if (v?.verdict === null) {
              codes += FAILED_CODE;
              rationales.push(v.failure.reason);
              quotes.push(null);
              continue;
            }
            codes += v ? verdictCode(v.verdict) : '-';
            rationales.push(v?.rationale ?? '');
            quotes.push(quoteRef(a.response, v?.quote));
          }
          judgements[judge] = { codes, rationales, quotes };
        }
        const s = scores.get(k);
        return {
          model: a.model,
          setting: a.setting,
          response: a.response,
          gamut: s?.gamut ?? null,
          tiers: {
            answer_critical: s?.tiers.answer_critical?.score ?? null,
            valuable: s?.tiers.valuable?.score ?? null,
            context: s?.tiers.context?.score ?? null,
          },
          judgements,
          failures: failures.get(k) ?? [],
        };
      });
    const items: DrillItem[] = (meta?.items ?? []).map((it) => ({
      id: it.id as string,
      type: it.type,
      tier: it.tier,
      text: it.text,
      parts: itemParts(it),
      snippets: itemSnippets(it),
    }));
    return {
      question_id: qid,
      question: meta?.question ?? qid,
      text_only_question: meta?.text_only_question ?? null,
      language: meta?.language ?? rubric.language ?? null,
      entity: meta?.entity ?? null,
      domain: meta?.domain ?? rubric.domain ?? null,
      popularity: meta?.popularity ?? rubric.popularity ?? null,
      image: meta?.image ?? null,
      items,
      snippets: (meta?.snippets ?? []).map((s) => ({
        id: s.id as string,
        title: s.title ?? null,
        url: s.url ?? null,
        text: s.text,
      })),
      checks,
      answers,
    };
  });
}
