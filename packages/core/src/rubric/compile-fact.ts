import type { Check, FactItem, MetaInsightItem } from '../schema/index.js';
import { type CompileContext, plainCheck, snippetsOf } from './compile-context.js';

/** A fact is one check at the item's tier. */
export function compileFact(item: FactItem, ctx: CompileContext): Check[] {
  return [
    plainCheck('fact', {
      item: item.id,
      suffix: 'fact',
      tier: item.tier,
      secondary: false,
      text: ctx.t.fact({ text: item.text, subject: ctx.subjectUnless(item.text) }),
      content: item.text,
      snippets: snippetsOf(item.snippets),
    }),
  ];
}

/** A top-level meta-insight is one check at its own tier. */
export function compileMetaInsight(item: MetaInsightItem, ctx: CompileContext): Check[] {
  return [
    plainCheck('insight', {
      item: item.id,
      suffix: 'insight',
      tier: item.tier,
      secondary: false,
      text: ctx.t.fact({ text: item.text, subject: ctx.subjectUnless(item.text) }),
      content: item.text,
      snippets: snippetsOf(item.snippets),
    }),
  ];
}
