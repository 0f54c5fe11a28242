import type { Check, ProcessItem } from '../schema/index.js';
import { type CompileContext, plainCheck, sequenceCheck, snippetsOf } from './compile-context.js';
import { appendInsights } from './compile-insights.js';
import { demote } from './tiers.js';

/**
 * A process: a presence check per step (optional steps one tier lower and
 * secondary), the order of the required steps when there are two or more,
 * and the full order one tier lower when optional steps exist.
 */
export function compileProcess(item: ProcessItem, ctx: CompileContext): Check[] {
  const lower = demote(item.tier);
  const checks: Check[] = item.steps.map((s, i) => {
    const required = s.required !== false;
    return plainCheck('step', {
      item: item.id,
      suffix: `s${i + 1}`,
      tier: required ? item.tier : lower,
      secondary: !required,
      text: ctx.t.step({ label: item.text, step: s.text, subject: ctx.subjectUnless(item.text, s.text) }),
      content: s.text,
      snippets: snippetsOf(item.snippets, s.snippets),
    });
  });

  const required = item.steps.filter((s) => s.required !== false);
  const subject = ctx.subjectUnless(item.text);
  if (required.length >= 2) {
    const order = required.map((s) => s.text);
    checks.push(
      sequenceCheck('sequence', {
        item: item.id,
        suffix: 'seq',
        tier: item.tier,
        secondary: false,
        text: ctx.t.sequence({ label: item.text, steps: order, subject }),
        content: item.text,
        snippets: snippetsOf(item.snippets, ...required.map((s) => s.snippets)),
        order,
      }),
    );
  }
  if (required.length < item.steps.length && item.steps.length >= 2) {
    const order = item.steps.map((s) => s.text);
    checks.push(
      sequenceCheck('full_sequence', {
        item: item.id,
        suffix: 'fullseq',
        tier: lower,
        secondary: true,
        text: ctx.t.fullSequence({ label: item.text, steps: order, subject }),
        content: item.text,
        snippets: snippetsOf(item.snippets, ...item.steps.map((s) => s.snippets)),
        order,
      }),
    );
  }
  return appendInsights(checks, item, ctx);
}
