import {
  type Check,
  createJudgePromptBuilder,
  OFFLINE_JUDGE_ID,
  type QuestionDetail,
  verdictOfCode,
} from '@gamut/core';

type DrillAnswer = QuestionDetail['answers'][number];

const builder = createJudgePromptBuilder({ memoSize: 4 });

/** A drill-down check as the prompt builder reads it (text, kind and, for thresholds, min). */
function asCheck(c: QuestionDetail['checks'][number]): Check {
  return { ...c, snippets: c.snippets, ...(c.min !== undefined && { min: c.min, options: [] }) } as unknown as Check;
}

/** The prompt text as the judge model reads it: the system part, then each user part in order. */
function promptText(q: QuestionDetail, answer: DrillAnswer, index: number): string {
  const check = q.checks[index];
  if (!check) return '';
  const textOnly = answer.setting === 'text_only';
  const call = builder.checkCall({
    questionId: q.question_id,
    question: textOnly && q.text_only_question ? q.text_only_question : q.question,
    answer: answer.response,
    check: asCheck(check),
    language: (q.language ?? 'en') as never,
    ...(!textOnly && q.image !== null && { image: q.image }),
  });
  const parts = call.messages.flatMap((m) =>
    m.content.map((p) => (p.type === 'text' ? p.text : `[image: ${typeof p.data === 'string' ? p.data : 'bytes'}]`)),
  );
  return [`[system]\n${call.system}`, ...parts.map((t) => `[user]\n${t}`)].join('\n\n');
}

/** What the judge replied for one check, in the reply's own shape, as verdicts.jsonl recorded it. */
function replyText(answer: DrillAnswer, judge: string, checkId: string, index: number): string {
  const j = answer.judgements[judge];
  const failure = answer.failures.find((f) => f.judge === judge && f.check_id === checkId);
  if (failure)
    return JSON.stringify({ verdict: null, failure: { kind: failure.kind, reason: failure.reason } }, null, 2);
  if (!j) return '(no verdict line)';
  const code = j.codes[index] ?? '-';
  const q = j.quotes[index];
  const quote = Array.isArray(q) ? answer.response.slice(q[0], q[1]) : (q ?? null);
  return JSON.stringify({ verdict: verdictOfCode(code) ?? null, rationale: j.rationales[index] ?? '', quote }, null, 2);
}

/** The judge's reply for one check and the prompt it answered. */
export function JudgeCall({
  question,
  answer,
  judge,
  index,
}: {
  question: QuestionDetail;
  answer: DrillAnswer;
  judge: string;
  index: number;
}) {
  const check = question.checks[index];
  if (!check) return null;
  const offline = judge === OFFLINE_JUDGE_ID || judge.startsWith(`${OFFLINE_JUDGE_ID}-`);
  return (
    <div className="judge-call" data-testid="judge-call">
      {offline && (
        <p className="muted small">
          The offline judge is a lexical baseline: it sends no prompt. Below is the prompt an LLM judge is sent for this
          check; the reply is the offline judge's.
        </p>
      )}
      <h3 className="small">Reply</h3>
      <pre data-testid="judge-reply">{replyText(answer, judge, check.id, index)}</pre>
      <h3 className="small">Prompt</h3>
      <pre data-testid="judge-prompt">{promptText(question, answer, index)}</pre>
    </div>
  );
}
