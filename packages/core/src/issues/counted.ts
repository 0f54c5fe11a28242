/** A count with its noun agreeing, as output says it: `counted(1, 'check')` is "1 check", `counted(2, 'check')` "2 checks". */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
