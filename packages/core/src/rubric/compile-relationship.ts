import type { Check, RelationshipItem } from '../schema/index.js';
import { type CompileContext, plainCheck, snippetsOf } from './compile-context.js';

/** A relationship: the related entity is named, and each aspect of the connection is stated. */
export function compileRelationship(item: RelationshipItem, ctx: CompileContext): Check[] {
  const entityCheck = plainCheck('related_entity', {
    item: item.id,
    suffix: 'entity',
    tier: item.tier,
    secondary: false,
    // The subject is named whenever there is one: "X in relation to <subject>" is the point of the check.
    text: ctx.t.relatedEntity({ label: item.text, related: item.entity, subject: ctx.subjectUnless(item.entity) }),
    content: item.entity,
    snippets: snippetsOf(item.snippets),
  });
  const aspects = item.aspects.map((a, i) =>
    plainCheck('aspect', {
      item: item.id,
      suffix: `a${i + 1}`,
      tier: item.tier,
      secondary: false,
      text: ctx.t.aspect({
        label: item.text,
        related: item.entity,
        aspect: a.text,
        subject: ctx.subjectUnless(item.text, a.text),
      }),
      content: a.text,
      snippets: snippetsOf(item.snippets, a.snippets),
    }),
  );
  return [entityCheck, ...aspects];
}
