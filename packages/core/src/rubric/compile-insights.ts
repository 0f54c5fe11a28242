import type { Check, Insight, ItemId, SnippetId, Tier } from '../schema/index.js';
import { type CompileContext, plainCheck, snippetsOf } from './compile-context.js';

/** The parent list or process an insight synthesises across. */
export interface InsightParent {
  id: ItemId;
  tier: Tier;
  text: string;
  snippets?: readonly SnippetId[] | undefined;
  insights?: readonly Insight[] | undefined;
}

/** `checks` with the parent's insight checks appended (in place: no copy per item). */
export function appendInsights(checks: Check[], parent: InsightParent, ctx: CompileContext): Check[] {
  if (parent.insights?.length) for (const check of compileInsights(parent, ctx)) checks.push(check);
  return checks;
}

/** Nested insights `.i<i>`: one check each, at its own tier or else the parent's; never secondary. */
function compileInsights(parent: InsightParent, ctx: CompileContext): Check[] {
  return (parent.insights ?? []).map((insight, i) =>
    plainCheck('insight', {
      item: parent.id,
      suffix: `i${i + 1}`,
      tier: insight.tier ?? parent.tier,
      secondary: false,
      text: ctx.t.insight({
        label: parent.text,
        text: insight.text,
        subject: ctx.subjectUnless(parent.text, insight.text),
      }),
      content: insight.text,
      snippets: snippetsOf(parent.snippets, insight.snippets),
    }),
  );
}
