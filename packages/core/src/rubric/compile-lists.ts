import type { Check, FlexibleListItem, StrictListItem } from '../schema/index.js';
import { type CompileContext, plainCheck, snippetsOf, thresholdCheck } from './compile-context.js';
import { appendInsights } from './compile-insights.js';
import { coverageThresholds, isShortList } from './thresholds.js';
import { demote } from './tiers.js';

/** Every member of a strict list is required: one check each at the list's tier. */
export function compileStrictList(item: StrictListItem, ctx: CompileContext): Check[] {
  const checks: Check[] = item.members.map((m, i) =>
    plainCheck('member', {
      item: item.id,
      suffix: `m${i + 1}`,
      tier: item.tier,
      secondary: false,
      text: ctx.t.member({ label: item.text, member: m.text, subject: ctx.subjectUnless(item.text, m.text) }),
      content: m.text,
      snippets: snippetsOf(item.snippets, m.snippets),
    }),
  );
  return appendInsights(checks, item, ctx);
}

/**
 * A flexible list asks for enough of an open set: baseline thresholds at the
 * list's tier (every option named, so the check is self-contained), then
 * secondary credit one tier lower: per option for a short list, a few higher
 * coverage thresholds for a long or context-tier one.
 */
export function compileFlexibleList(item: FlexibleListItem, ctx: CompileContext): Check[] {
  const options = item.members.map((m) => m.text);
  const allSnippets = snippetsOf(item.snippets, ...item.members.map((m) => m.snippets));
  const subject = ctx.subjectUnless(item.text);
  const atLeast = (kind: 'threshold' | 'coverage', min: number): Check =>
    thresholdCheck(kind, {
      item: item.id,
      suffix: `${kind === 'threshold' ? 'min' : 'cov'}${min}`,
      tier: kind === 'threshold' ? item.tier : demote(item.tier),
      secondary: kind === 'coverage',
      text: ctx.t.atLeast({ label: item.text, min, options, subject }),
      content: item.text,
      snippets: allSnippets,
      min,
      options: [...options],
    });

  const checks = item.baseline.map((n) => atLeast('threshold', n));
  if (isShortList(item)) {
    item.members.forEach((m, i) => {
      checks.push(
        plainCheck('option', {
          item: item.id,
          suffix: `o${i + 1}`,
          tier: demote(item.tier),
          secondary: true,
          text: ctx.t.option({ label: item.text, member: m.text, subject: ctx.subjectUnless(item.text, m.text) }),
          content: m.text,
          snippets: snippetsOf(item.snippets, m.snippets),
        }),
      );
    });
  } else {
    for (const n of coverageThresholds(item)) checks.push(atLeast('coverage', n));
  }
  return appendInsights(checks, item, ctx);
}
