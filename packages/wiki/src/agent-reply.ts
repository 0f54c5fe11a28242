import { type AgentOutput, AgentOutput as AgentOutputSchema, GamutError } from '@gamut/core';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const ANSWER_KEYS = ['answer', 'output', 'response', 'text', 'result', 'completion', 'content', 'message'];
const RETRIEVED_KEYS = [
  'retrieved',
  'retrieved_pages',
  'retrieved_chunks',
  'contexts',
  'context',
  'sources',
  'source_documents',
  'documents',
  'docs',
  'pages',
  'chunks',
  'hits',
];
const CITATION_KEYS = ['citations', 'cited', 'attributions', 'references'];
const PAGE_KEYS = [
  'page_id',
  'pageId',
  'doc_id',
  'docId',
  'document_id',
  'documentId',
  'source_id',
  'id',
  'source',
  'page',
];
const CLAIM_KEYS = ['claim', 'text', 'sentence', 'statement', 'span'];
const CITED_PAGES_KEYS = ['page_ids', 'pageIds', 'pages', 'sources', 'doc_ids', 'source_ids', 'page_id', 'source'];

const MALFORMED_MARKER: unique symbol = Symbol.for('gamut.error.MalformedReply');

/** Why an agent's reply could not be turned into an agent-output line. */
export class MalformedReply extends GamutError {
  override readonly name = 'MalformedReply';
  readonly [MALFORMED_MARKER] = true;
  static override isInstance(e: unknown): e is MalformedReply {
    return GamutError.hasMarker(e, MALFORMED_MARKER);
  }
}

function pick(o: Json, keys: readonly string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
}

function pageIdOf(v: unknown): string | undefined {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (!isObj(v)) return undefined;
  const direct = pick(v, PAGE_KEYS);
  if (typeof direct === 'string' || typeof direct === 'number') return String(direct);
  if (isObj(direct)) return pageIdOf(direct);
  if (isObj(v.metadata)) return pageIdOf(v.metadata);
  return undefined;
}

/**
 * Maps what a user's agent replied to the agent-output line of SPEC §7. Accepts
 * the common field names of RAG frameworks (`answer`/`output`/`response`,
 * `retrieved`/`contexts`/`sources`/`documents` with `page_id`/`doc_id`/`id` or
 * `metadata.page_id`, `citations` with `claim` and `page_ids`), a `data` or
 * `result` wrapper, or a bare string (an answer with nothing retrieved).
 */
export function mapAgentReply(reply: unknown, ctx: { question_id: string; agent: string }): AgentOutput {
  const given: unknown = typeof reply === 'string' ? { answer: reply } : reply;
  if (!isObj(given))
    throw new MalformedReply(
      `expected a JSON object, got ${Array.isArray(given) ? 'an array' : given === null ? 'null' : typeof given}`,
    );
  let body: Json = given;
  for (const wrap of ['data', 'result', 'output']) {
    const inner = body[wrap];
    if (isObj(inner) && pick(body, ['answer']) === undefined && pick(inner, ANSWER_KEYS) !== undefined) body = inner;
  }
  const o = body;
  const answer = pick(o, ANSWER_KEYS);
  if (typeof answer !== 'string') {
    throw new MalformedReply(
      `no answer text: expected one of ${ANSWER_KEYS.map((k) => `"${k}"`).join(', ')} as a string`,
    );
  }
  const rawRetrieved = pick(o, RETRIEVED_KEYS) ?? [];
  if (!Array.isArray(rawRetrieved)) throw new MalformedReply('retrieved pages must be an array');
  const retrieved = rawRetrieved.map((r, i) => {
    const page_id = pageIdOf(r);
    if (!page_id)
      throw new MalformedReply(`retrieved[${i}] names no page id (page_id, doc_id, id or metadata.page_id)`);
    const e = isObj(r) ? r : {};
    const version = e.version ?? (isObj(e.metadata) ? e.metadata.version : undefined);
    const chunk = e.chunk_id ?? e.chunkId;
    const text = e.text ?? e.content ?? e.snippet ?? e.page_content;
    return {
      page_id,
      ...(typeof version === 'number' && Number.isInteger(version) && version > 0 && { version }),
      ...((typeof chunk === 'string' || typeof chunk === 'number') && { chunk_id: String(chunk) }),
      rank: typeof e.rank === 'number' && Number.isInteger(e.rank) && e.rank > 0 ? e.rank : i + 1,
      ...(typeof e.score === 'number' && Number.isFinite(e.score) && { score: e.score }),
      ...(typeof text === 'string' && { text }),
    };
  });
  const rawCitations = pick(o, CITATION_KEYS);
  let citations: AgentOutput['citations'];
  if (Array.isArray(rawCitations) && rawCitations.every((c) => isObj(c) && pick(c, CLAIM_KEYS) !== undefined)) {
    citations = rawCitations.map((c, i) => {
      const e = c as Json;
      const claim = pick(e, CLAIM_KEYS);
      const pagesRaw = pick(e, CITED_PAGES_KEYS);
      const pages = (Array.isArray(pagesRaw) ? pagesRaw : [pagesRaw]).map(pageIdOf).filter((p): p is string => !!p);
      if (typeof claim !== 'string' || !claim.trim()) throw new MalformedReply(`citations[${i}] has no claim text`);
      if (!pages.length) throw new MalformedReply(`citations[${i}] cites no page id`);
      return { claim, page_ids: pages };
    }) as AgentOutput['citations'];
  }
  const parsed = AgentOutputSchema.safeParse({
    question_id: ctx.question_id,
    agent: ctx.agent,
    retrieved,
    answer,
    ...(citations && { citations }),
  });
  if (!parsed.success)
    throw new MalformedReply(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}
