import { type PageView, type RagReport, selectPassages } from '../rag/index.js';
import type { AgentOutput, GoldenSet, WikiPage } from '../schema/index.js';
import type { RagQuestionDetail, RagView } from './report-model.js';

export interface RagViewOptions {
  report: RagReport;
  golden?: GoldenSet | null;
  wiki?: readonly WikiPage[];
  outputs?: readonly AgentOutput[];
  /** Each page's text view (as judges read it); passages beside claims then keep table rows whole. */
  view?: (page: WikiPage) => PageView;
}

/** Storage-format and markdown pages read as plain text beside a claim; React escapes it anyway. */
function plainBody(page: WikiPage): string {
  if (page.format === 'storage')
    return page.body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return page.body;
}

export function buildRagView(o: RagViewOptions): RagView {
  const questions = new Map((o.golden?.questions ?? []).map((q) => [q.question_id as string, q]));
  const r = o.report;
  return {
    agent: r.agent,
    judge: r.judge,
    summary: r.summary,
    by_type: r.by_type,
    by_stage: r.by_stage,
    by_origin: r.by_origin,
    flags: r.flags,
    questions: r.questions.map((q) => ({
      question_id: q.question_id,
      question: questions.get(q.question_id)?.question ?? '',
      type: q.type,
      origin: q.origin,
      answerable: q.answerable,
      recall_at_k: q.recall_at_k,
      fact_coverage: q.fact_coverage,
      faithfulness: q.faithfulness,
      citation_precision: q.citation_precision,
      abstained: q.abstained,
      pass: q.pass,
      failure_stage: q.failure_stage,
    })),
  };
}

/** Per wiki-QA question: facts, claims with the cited passage beside each, retrieved pages and flags. */
export function buildRagDetails(o: RagViewOptions): RagQuestionDetail[] {
  const golden = new Map((o.golden?.questions ?? []).map((q) => [q.question_id as string, q]));
  const outputs = new Map((o.outputs ?? []).map((a) => [a.question_id as string, a]));
  // The current version of each page, else its latest: what a citation is checked against.
  const pages = new Map<string, WikiPage>();
  for (const p of o.wiki ?? []) {
    const prev = pages.get(p.page_id);
    if (!prev || p.status === 'current' || (prev.status !== 'current' && p.version > prev.version))
      pages.set(p.page_id, p);
  }
  // Many claims cite the same page: strip its markup once.
  const bodies = new Map<string, PageView>();
  const bodyOf = (page: WikiPage): PageView => {
    let body = bodies.get(page.page_id);
    if (body === undefined) {
      body = o.view ? o.view(page) : { text: plainBody(page) };
      bodies.set(page.page_id, body);
    }
    return body;
  };
  const flags = new Map<string, RagView['flags']>();
  for (const f of o.report.flags) {
    const list = flags.get(f.question_id) ?? [];
    list.push(f);
    flags.set(f.question_id, list);
  }
  return o.report.questions.map((q) => {
    const g = golden.get(q.question_id);
    const facts = new Map((g?.required_facts ?? []).map((f) => [f.id as string, f]));
    return {
      question_id: q.question_id,
      question: g?.question ?? '',
      gold_answer: g?.gold_answer ?? null,
      answer: outputs.get(q.question_id)?.answer ?? null,
      facts: q.facts.map((f) => ({
        id: f.id,
        fact: facts.get(f.id)?.fact ?? '',
        verdict: f.verdict,
        judge_verdict: f.judge_verdict,
        values: (facts.get(f.id)?.values ?? []).map(String),
      })),
      claims: q.claims.map((c) => ({
        text: c.text,
        key: c.key,
        supported: c.supported,
        contradicted: c.contradicted,
        citations: c.citations.map((cit) => {
          const page = pages.get(cit.page_id);
          const view = page && bodyOf(page);
          const passage = view
            ? (selectPassages(view.text, c.text, view.units ? { units: view.units } : {})[0]?.text ?? null)
            : null;
          return {
            page_id: cit.page_id,
            status: cit.status,
            valid: cit.valid,
            location: cit.location,
            reason: cit.reason,
            title: page?.title ?? null,
            passage,
          };
        }),
      })),
      retrieved: q.retrieved_pages.map((p) => ({
        page_id: p.page_id,
        version: p.version ?? 0,
        status: p.status,
        rank: p.rank,
        title: pages.get(p.page_id)?.title ?? null,
      })),
      flags: flags.get(q.question_id) ?? [],
    };
  });
}
