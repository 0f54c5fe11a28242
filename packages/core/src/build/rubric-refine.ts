import { z } from 'zod';
import type { ModelPart } from '../judge/judge-model.js';
import { fillTemplate } from '../judge/judge-prompt-templates.js';
import type { MetaRubric } from '../schema/meta-rubric.js';
import type { Checked } from './ask-structured.js';
import { taskLine } from './build-template.js';
import { META_RUBRIC_GUIDE, REFINE_PROMPT } from './prompts/rubric-prompt.js';
import type { CoverageFlag, SnippetFinding } from './rubric-audit.js';
import {
  CitedSnippet,
  documentsText,
  type EvidenceDocument,
  exactPassage,
  type GroundedRubric,
  type GroundedSnippet,
  groundRubric,
  type LocatePassage,
  type RubricQuestion,
} from './rubric-draft.js';
import { type Dropped, supersetProblems } from './rubric-superset.js';
import { zodProblems } from './zod-problems.js';

export const RefineReply = z.object({
  snippets: z.array(CitedSnippet).min(1),
  items: z.array(z.record(z.string(), z.unknown())).min(1),
  dropped: z.array(z.object({ ref: z.string().min(1), reason: z.string().min(1) })).default([]),
});

/** What a rubric step produced: the evidence it searched and fetched, the grounded meta-rubric. */
export interface RubricProduced {
  question: RubricQuestion;
  search: { query: string; results: Array<{ url: string; rank: number; score: number | null }> };
  documents: Array<Pick<EvidenceDocument, 'id' | 'url' | 'title' | 'content_hash'>>;
  meta: MetaRubric;
  evidence: GroundedSnippet[];
  rubric_hash: string;
}

/** What a refinement produced: the audit, the re-research, the rebuilt superset and what it dropped. */
export interface RefineProduced extends RubricProduced {
  audit: SnippetFinding[];
  flags: CoverageFlag[];
  dropped: Dropped[];
  /** The rubric hash of the meta-rubric it refined. */
  base_rubric_hash: string;
}

export function auditText(findings: readonly SnippetFinding[], flags: readonly CoverageFlag[]): string {
  const lines = findings.map((f) =>
    f.status === 'vanished'
      ? `- ${f.snippet}: VANISHED (${f.reason})`
      : f.status === 'moved'
        ? `- ${f.snippet}: moved in its document (now at ${f.start}–${f.end})`
        : `- ${f.snippet}: found at its offsets`,
  );
  for (const f of flags) lines.push(`- ${f.item}: ${f.reason}`);
  return lines.join('\n');
}

export function refinePrompt(
  q: RubricQuestion,
  draft: MetaRubric,
  findings: readonly SnippetFinding[],
  flags: readonly CoverageFlag[],
  documents: readonly EvidenceDocument[],
  key: string,
): { system: string; user: ModelPart[] } {
  const system = fillTemplate(REFINE_PROMPT.system, { guide: META_RUBRIC_GUIDE });
  const text = fillTemplate(REFINE_PROMPT.user, {
    language: q.language,
    question: q.question,
    entity: q.entity,
    draft: JSON.stringify({ snippets: draft.snippets, items: draft.items }),
    audit: auditText(findings, flags),
    documents: documentsText(documents),
    task: taskLine(key),
  });
  return { system, user: [{ type: 'text', text }] };
}

/** The draft's checks plus: grounded in the documents, and a verified superset of the draft. */
export function checkRefineReply(
  reply: unknown,
  q: RubricQuestion,
  documents: readonly EvidenceDocument[],
  draft: MetaRubric,
  findings: readonly SnippetFinding[],
  locate: LocatePassage = exactPassage,
): Checked<GroundedRubric & { dropped: Dropped[] }> {
  const parsed = RefineReply.safeParse(reply);
  if (!parsed.success) return { problems: zodProblems(parsed.error) };
  const grounded = groundRubric(parsed.data, q, documents, locate);
  const superset = grounded.value ? supersetProblems(draft, grounded.value.meta, parsed.data.dropped, findings) : [];
  const problems = [...(grounded.problems ?? []), ...superset];
  if (problems.length || !grounded.value) return { problems };
  return { value: { ...grounded.value, dropped: parsed.data.dropped } };
}
