import type { AgentOutput } from '../schema/agent-output.js';
import { splitSentences } from '../text/sentences.js';

/** A sentence of an answer with the page ids it cites. */
export interface CitedSentence {
  /** The sentence without its markers. */
  readonly claim: string;
  readonly page_ids: string[];
}

// `[POL-101]`, `[POL-101, OPS-102]`, `[POL-101][OPS-102]`, `[POL-101@3]`; ids are Confluence-like tokens.
const MARKER = /\[\s*([\p{L}\p{N}][\p{L}\p{N}_.:/@#-]*(?:\s*[,;]\s*[\p{L}\p{N}][\p{L}\p{N}_.:/@#-]*)*)\s*\]/gu;
const LEADING_MARKERS = new RegExp(`^(?:\\s*${MARKER.source})+`, 'u');
/**
 * Attach inline `[PAGE-ID]` markers to the sentence they end. A marker placed
 * after the full stop ("… 공지합니다. [POL-101]") still belongs to the sentence
 * before it.
 */
export function extractInlineCitations(answer: string): CitedSentence[] {
  const out: { claim: string; page_ids: string[] }[] = [];
  for (const raw of splitSentences(answer)) {
    // Markers opening a sentence close the one before ("… minutes. [OPS-102] Notify …").
    const lead = LEADING_MARKERS.exec(raw)?.[0] ?? '';
    const prevUnit = out[out.length - 1];
    if (lead && prevUnit) {
      for (const m of lead.matchAll(MARKER))
        for (const id of (m[1] ?? '').split(/\s*[,;]\s*/))
          if (id && !prevUnit.page_ids.includes(id)) prevUnit.page_ids.push(id);
    }
    const sentence = lead && prevUnit ? raw.slice(lead.length) : raw;
    const ids: string[] = [];
    const claim = withoutMarkers(sentence, ids);
    const textLeft = claim.replace(/[\s.!?。！？,]/gu, '');
    const prev = out[out.length - 1];
    if (textLeft === '' && prev) {
      // Only markers: they close the sentence before.
      for (const id of ids) if (!prev.page_ids.includes(id)) prev.page_ids.push(id);
      continue;
    }
    if (textLeft === '') continue;
    out.push({ claim, page_ids: [...new Set(ids)] });
  }
  return out;
}

/**
 * Text without its markers, each id pushed to `ids`. The space a marker leaves before the
 * punctuation that followed it goes too ("within 30 minutes [POL-101]." → "within 30 minutes.").
 */
function withoutMarkers(text: string, ids: string[] = []): string {
  return text
    .replace(MARKER, (_m, inner: string) => {
      for (const id of inner.split(/\s*[,;]\s*/)) if (id) ids.push(id.trim());
      return '';
    })
    .replace(/\s+([.!?。！？,])/gu, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Remove citation markers, e.g. before lexical comparison with page text. */
export function stripCitationMarkers(text: string): string {
  return withoutMarkers(text);
}

/** The agent's citations: its `citations` field when present, else the inline markers of its answer. */
export function agentCitations(output: AgentOutput): CitedSentence[] {
  if (output.citations) return output.citations.map((c) => ({ claim: c.claim, page_ids: [...c.page_ids] }));
  return extractInlineCitations(output.answer).filter((s) => s.page_ids.length > 0);
}
