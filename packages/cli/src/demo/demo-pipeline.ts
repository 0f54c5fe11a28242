import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  AnswerLine,
  analyzeText,
  type CompiledRubric,
  compileMetaRubric,
  fromZodError,
  InputError,
  type Issue,
  impliedSetting,
  judgeOffline,
  type MetaRubric,
  OFFLINE_JUDGE_ID,
  parseMetaRubric,
  type ScoreReport,
  type SettledAnswer,
  scoreVerdicts,
  type VerdictLine,
} from '@gamut/core';
import { readRecords } from '../io/read-records.js';
import { settingRequired } from '../judges/load-judge-inputs.js';

export interface DemoData {
  metas: MetaRubric[];
  rubrics: CompiledRubric[];
  answers: SettledAnswer[];
  verdicts: VerdictLine[];
  scores: ScoreReport;
}

/** Bootstrap seed of the demo: the same data always prints the same intervals (and `gamut score` agrees). */
export const DEMO_SEED = 0;

async function readMetas(file: string): Promise<MetaRubric[]> {
  const metas: MetaRubric[] = [];
  const issues: Issue[] = [];
  for (const r of await readRecords(file)) {
    const parsed = parseMetaRubric(r.value, { file: r.file, ...(r.line !== undefined && { line: r.line }) });
    if (parsed.issues) issues.push(...parsed.issues);
    else metas.push(parsed.value);
  }
  if (issues.length) throw new InputError(issues);
  return metas;
}

async function readAnswers(file: string, known: ReadonlyMap<string, MetaRubric>): Promise<SettledAnswer[]> {
  if (!existsSync(file)) {
    throw new InputError({ rule: 'demo-data-missing', message: `the bundled answers are missing: ${file}`, file });
  }
  const answers: SettledAnswer[] = [];
  const issues: Issue[] = [];
  for (const r of await readRecords(file)) {
    const where = { file: r.file, ...(r.line !== undefined && { line: r.line }) };
    const parsed = AnswerLine.safeParse(r.value);
    if (!parsed.success) {
      issues.push(...fromZodError(parsed.error, r.value, where));
      continue;
    }
    const a = parsed.data;
    const meta = known.get(a.question_id);
    const setting = meta && (a.setting ?? impliedSetting(meta));
    if (!meta) {
      issues.push({
        ...where,
        rule: 'unknown-question',
        message: 'answer to a question with no meta-rubric',
        question: a.question_id,
      });
    } else if (setting === undefined)
      issues.push({ ...where, ...settingRequired(a.question_id), question: a.question_id });
    else answers.push({ ...a, setting });
  }
  if (issues.length) throw new InputError(issues);
  return answers;
}

/**
 * Compile, judge every (answer, check) with the offline judge, and score:
 * the whole Gamut flow on the bundled data, in memory.
 */
export async function runDemoPipeline(
  gamutDir: string,
  onProgress?: (done: number, total: number) => void,
): Promise<DemoData> {
  const metas = await readMetas(join(gamutDir, 'meta-rubrics.jsonl'));
  const rubrics = metas.map((m) => compileMetaRubric(m));
  const metaById = new Map(metas.map((m) => [m.question_id as string, m]));
  const rubricById = new Map(rubrics.map((r) => [r.question_id as string, r]));
  const answers = await readAnswers(join(gamutDir, 'answers.jsonl'), metaById);

  const verdicts: VerdictLine[] = [];
  answers.forEach((a, i) => {
    const meta = metaById.get(a.question_id);
    const rubric = rubricById.get(a.question_id);
    if (!meta || !rubric) return;
    // The lexical judge uses the question only to weigh down words that name the subject; the
    // original question does that in both settings (the text-only one names the entity itself,
    // which is exactly what "identifies X" checks ask for). It never sees the model's name.
    const question = meta.question;
    const answer = analyzeText(a.response);
    for (const check of rubric.checks) {
      const r = judgeOffline({ answer, check, question, subject: meta.entity });
      verdicts.push({
        question_id: a.question_id,
        model: a.model,
        setting: a.setting,
        check_id: check.id,
        verdict: r.verdict,
        rationale: r.rationale,
        ...(r.quote !== null && { quote: r.quote }),
        judge: OFFLINE_JUDGE_ID,
      });
    }
    onProgress?.(i + 1, answers.length);
  });
  const scores = scoreVerdicts({ rubrics, verdicts, seed: DEMO_SEED });
  return { metas, rubrics, answers, verdicts, scores };
}
