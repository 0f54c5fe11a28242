import type { RagJudgment } from '../../schema/rag-judgment.js';
import type { RagJudge } from './rag-judge.js';

/**
 * Judgments read from a file (human labels, or an earlier run's output), looked up by question id.
 * A question the file has no judgment for is a failure of kind `invalid_reply`, as in the labels check judge.
 */
export function createLabelsRagJudge(opts: { id: string; judgments: readonly RagJudgment[] }): RagJudge {
  const byId = new Map<string, RagJudgment>();
  for (const j of opts.judgments) if (!byId.has(j.question_id)) byId.set(j.question_id, j);
  return {
    id: opts.id,
    async judge({ question }) {
      const j = byId.get(question.question_id);
      if (!j) {
        return {
          status: 'failed',
          kind: 'invalid_reply',
          error: `no label for question ${question.question_id}`,
          raw: null,
        };
      }
      return { status: 'ok', judgment: { ...j, judge: j.judge ?? opts.id } };
    },
  };
}
