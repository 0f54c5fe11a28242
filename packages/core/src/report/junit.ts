import { counted } from '../issues/counted.js';
import type { ScoreReport } from '../score/score-report.js';

export interface JunitAnswer {
  question_id: string;
  model: string;
  setting: string;
  /** Fraction in [-1, 1]; null when the answer has no scorable check. */
  gamut: number | null;
  /** Checks whose judge failed, as `<check id>: <kind>: <reason>`. */
  judgeFailures: string[];
}

/**
 * One testsuite per (model, setting), one testcase per answer; an answer
 * below `failUnder` (a fraction) is a failure, an answer with judge failures
 * or no score is an error: CI tools show the two apart.
 */
export function junitXml(answers: readonly JunitAnswer[], failUnder: number | undefined): string {
  const suites = new Map<string, JunitAnswer[]>();
  for (const a of answers) {
    const k = `${a.model} (${a.setting})`;
    const suite = suites.get(k);
    if (suite) suite.push(a);
    else suites.set(k, [a]);
  }
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n';
  let failuresAll = 0;
  let errorsAll = 0;
  let body = '';
  for (const [name, cases] of suites) {
    let failures = 0;
    let errors = 0;
    let xml = '';
    for (const a of cases) {
      const shown = a.gamut === null ? 'no score' : `${(a.gamut * 100).toFixed(1)}`;
      xml += `    <testcase classname="${esc(`gamut.${a.model}.${a.setting}`)}" name="${esc(a.question_id)}">\n`;
      if (a.judgeFailures.length) {
        errors++;
        xml += `      <error message="${esc(`judge failed on ${counted(a.judgeFailures.length, 'check')}`)}">${esc(a.judgeFailures.join('\n'))}</error>\n`;
      } else if (a.gamut === null) {
        errors++;
        xml += `      <error message="no scorable checks"/>\n`;
      } else if (failUnder !== undefined && a.gamut < failUnder) {
        failures++;
        xml += `      <failure message="${esc(`gamut ${shown} is below ${(failUnder * 100).toFixed(1)}`)}"/>\n`;
      }
      xml += `      <system-out>${esc(`gamut ${shown}`)}</system-out>\n    </testcase>\n`;
    }
    failuresAll += failures;
    errorsAll += errors;
    body += `  <testsuite name="${esc(name)}" tests="${cases.length}" failures="${failures}" errors="${errors}">\n${xml}  </testsuite>\n`;
  }
  out += `<testsuites name="gamut" tests="${answers.length}" failures="${failuresAll}" errors="${errorsAll}">\n${body}</testsuites>\n`;
  return out;
}

function esc(s: string): string {
  return (
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters outright
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

/** The answers of a score report as JUnit cases: each scored answer, then each unscored one with its failed checks. */
export function junitRows(report: ScoreReport | null): JunitAnswer[] {
  const rows: JunitAnswer[] = (report?.answers ?? []).map((a) => ({
    question_id: a.question_id,
    model: a.model,
    setting: a.setting,
    gamut: a.gamut,
    judgeFailures: [],
  }));
  for (const u of report?.unscored ?? []) {
    rows.push({
      question_id: u.question_id,
      model: u.model,
      setting: u.setting,
      gamut: null,
      judgeFailures: u.check_ids.map((c, i) => `${c}: ${u.kinds[i]}`),
    });
  }
  return rows;
}
