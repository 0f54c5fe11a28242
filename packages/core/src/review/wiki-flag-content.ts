import type { AgentOutput } from '../schema/agent-output.js';
import type { GoldenChange } from '../schema/golden-release.js';
import type { GoldenSet, RequiredFact } from '../schema/golden-set.js';
import { WikiFlagPayload } from '../schema/review.js';
import type { WikiPage } from '../schema/wiki.js';

/** The most of a page shown beside a flag: enough to check a value, not the whole wiki. */
const EXCERPT = 1200;

/** What a wiki-flag item shows beside confirm / reject: the flag, the question, its facts, the answer and the pages. */
export interface WikiFlagContent {
  flag: WikiFlagPayload['flag'];
  golden: WikiFlagPayload['golden'];
  change: GoldenChange | null;
  question: string | null;
  answerable: boolean | null;
  gold_answer: string | null;
  facts: RequiredFact[];
  answer: string | null;
  /** Pages the flag and its change name, each in its latest version, the current one first. */
  pages: Array<{ page_id: string; title: string; status: WikiPage['status']; version: number; excerpt: string }>;
}

/**
 * The content of a wiki-flag item from the run's wiki-QA files: the question and its facts from
 * the golden set, the agent's answer, and every snapshot page the flag's detail or change names.
 */
export function wikiFlagContent(
  rag: {
    golden?: GoldenSet | null;
    wiki?: readonly WikiPage[];
    outputs?: readonly AgentOutput[];
    /** The page's text as judges read it (storage XHTML as text); the raw body without one. */
    view?: (page: WikiPage) => { text: string };
  },
  payload: Record<string, unknown>,
): WikiFlagContent | null {
  const p = WikiFlagPayload.safeParse(payload);
  if (!p.success) return null;
  const { flag, change } = p.data;
  const q = rag.golden?.questions.find((x) => x.question_id === flag.question_id);
  const output = rag.outputs?.find((o) => o.question_id === flag.question_id);
  const wiki = rag.wiki ?? [];
  const named = new Set<string>();
  if (change && 'page_id' in change) named.add(change.page_id);
  if (change?.op === 'make_answerable')
    for (const f of change.required_facts) for (const id of f.page_ids) named.add(id);
  const factId = change && 'fact_id' in change ? change.fact_id : /^fact (\S+):/.exec(flag.detail)?.[1];
  const fact = q?.required_facts.find((f) => f.id === factId);
  for (const id of fact?.page_ids ?? []) named.add(id);
  for (const page of wiki)
    if (new RegExp(`\\b${escapeRegExp(page.page_id)}\\b`).test(flag.detail)) named.add(page.page_id);
  return {
    flag,
    golden: p.data.golden,
    change: change ?? null,
    question: q?.question ?? null,
    answerable: q?.answerable ?? null,
    gold_answer: q?.gold_answer ?? null,
    facts: q?.required_facts ?? [],
    answer: output?.answer ?? null,
    pages: [...named].flatMap((id) => {
      const versions = wiki.filter((w) => w.page_id === id);
      const page = versions.find((w) => w.status === 'current') ?? versions.sort((a, b) => b.version - a.version)[0];
      if (!page) return [];
      return [
        {
          page_id: id,
          title: page.title,
          status: page.status,
          version: page.version,
          excerpt: (rag.view?.(page).text ?? page.body).slice(0, EXCERPT),
        },
      ];
    }),
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
