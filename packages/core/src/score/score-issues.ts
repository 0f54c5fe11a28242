import { counted } from '../issues/counted.js';
import type { Issue } from '../issues/issue.js';
import { compareStrings } from './aggregate.js';
import type { AnswerState } from './rubric-index.js';
import { NO_VERDICT } from './verdict-record.js';

const inFile = (file: string | undefined) => (file !== undefined ? { file } : {});

/** Several judges and none chosen, or the chosen one absent: scores would mix or be empty. */
export function judgesIssue(o: { judges: ReadonlySet<string>; selected?: string; file?: string }): Issue | undefined {
  const found = [...o.judges].sort(compareStrings);
  if (o.selected === undefined && found.length > 1) {
    return {
      ...inFile(o.file),
      rule: 'several-judges',
      message: `verdicts come from ${found.length} judges; choose one with --judge: ${found.join(', ')}`,
    };
  }
  if (o.selected !== undefined && !o.judges.has(o.selected) && found.length > 0) {
    return {
      ...inFile(o.file),
      rule: 'unknown-judge',
      message: `no verdict from judge "${o.selected}"; judges found: ${found.join(', ')}`,
    };
  }
  return undefined;
}

/** Nothing to score: an empty file, or repeats other than the one asked for. */
export function emptyIssue(o: { sample: number; samplesFound?: ReadonlySet<number>; file?: string }): Issue {
  if (o.samplesFound && o.samplesFound.size > 0) {
    const found = [...o.samplesFound].sort((a, b) => a - b).join(', ');
    return {
      ...inFile(o.file),
      rule: 'unknown-sample',
      message: `no verdict has sample ${o.sample}; samples found: ${found}`,
    };
  }
  return { ...inFile(o.file), rule: 'no-verdicts', message: 'there are no verdicts to score' };
}

/** One issue per answer, listing every check of its rubric that got no verdict. */
export function missingVerdictIssue(answer: AnswerState, file?: string): Issue {
  const checks = answer.entry.rubric.checks;
  const ids: string[] = [];
  for (let i = 0; i < checks.length; i++) {
    if (answer.codes[answer.offset + i] === NO_VERDICT) ids.push(checks[i]?.id as string);
  }
  return {
    ...inFile(file),
    rule: 'missing-verdict',
    question: answer.entry.rubric.question_id,
    model: answer.model,
    message:
      `${answer.setting}: ${ids.length} of ${counted(checks.length, 'check')} ${ids.length === 1 ? 'has' : 'have'} no verdict: ${ids.join(', ')} ` +
      '(to count them as missing: --missing-as-missing)',
  };
}
