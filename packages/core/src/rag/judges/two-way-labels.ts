import type { AgentOutput } from '../../schema/agent-output.js';
import type { GoldenQuestion } from '../../schema/golden-set.js';
import type { EntailmentLabel } from '../../schema/rag-judgment.js';
import { splitSentences } from '../../text/sentences.js';
import type { PageIndex } from '../page-index.js';

/**
 * The retrieved chunks as RAGChecker sees them: every chunk in rank order,
 * whatever its page's status (noise is what noise sensitivity measures), with
 * its own text when the agent gave it, else its page version's body.
 */
export function retrievedChunkTexts(output: AgentOutput, index: PageIndex): string[] {
  return [...output.retrieved]
    .sort((a, b) => a.rank - b.rank)
    .map((c) => {
      if (c.text !== undefined) return c.text;
      const entry = index.get(c.page_id);
      const version = c.version !== undefined ? entry?.versions.get(c.version) : entry?.current;
      return version?.body ?? '';
    });
}

/** The gold answer's claims: the required facts when the question has them, else the gold answer's sentences. */
export function goldClaims(question: GoldenQuestion): string[] {
  if (question.required_facts.length) return question.required_facts.map((f) => f.fact);
  return splitSentences(question.gold_answer);
}

/** [claim][chunk] labels from a per-chunk labelling function. */
export function labelMatrix(
  claims: readonly string[],
  chunks: readonly string[],
  label: (claim: string, chunk: string, ci: number) => EntailmentLabel,
): EntailmentLabel[][] {
  return claims.map((c) => chunks.map((t, ci) => label(c, t, ci)));
}
