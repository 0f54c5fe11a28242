/**
 * The names a question must not contain: the entity, each part of it in parentheses
 * ("Pizza margherita (Neapolitan pizza)" → both), and its aliases.
 */
export function entityNames(subject: { entity: string; aliases: readonly string[] }): string[] {
  const names = new Set<string>();
  const add = (s: string) => {
    const n = fold(s);
    if (n.length >= 2) names.add(n);
  };
  add(subject.entity.replace(/\([^)]*\)/g, ' '));
  for (const m of subject.entity.matchAll(/\(([^)]*)\)/g)) add(m[1] ?? '');
  for (const a of subject.aliases) add(a);
  return [...names];
}

/** The first of the entity's names the text contains (case- and width-insensitive), if any. */
export function namesEntity(text: string, subject: { entity: string; aliases: readonly string[] }): string | undefined {
  const folded = fold(text);
  return entityNames(subject).find((n) => folded.includes(n));
}

function fold(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
