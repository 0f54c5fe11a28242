/**
 * Why `--fail-under` fails, or undefined when the pass rate meets it. An
 * undefined pass rate (no question graded) is not 0: the gate says so, and
 * fails, since nothing shows the bar was met.
 */
export function passRateGateFailure(passRate: number | null, failUnder: number): string | undefined {
  const bar = `--fail-under ${(failUnder * 100).toFixed(1)}`;
  if (passRate === null) return `pass rate is undefined (no question was graded), so ${bar} is not met`;
  if (passRate < failUnder) return `pass rate ${(passRate * 100).toFixed(1)} is below ${bar}`;
  return undefined;
}
