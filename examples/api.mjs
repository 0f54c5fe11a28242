// Gamut from JavaScript: compile a meta-rubric into checks, judge two answers with the offline
// judge (no network, no key), and print the score report: per answer, and per model with a 95% CI.
//
//   npm install gamut            (installs @gamut/core with it)
//   node examples/api.mjs
//
// docs/api.md walks through the same steps in TypeScript, with LLM judges, RAG grading and analysis.
import { compileMetaRubric, createOfflineJudge, parseMetaRubric, scoreVerdicts } from '@gamut/core';

const parsed = parseMetaRubric({
  question_id: 'q-bourguignon',
  question: 'What is beef bourguignon and what goes into it?',
  language: 'en',
  entity: 'Beef bourguignon',
  snippets: [
    { id: 'S1', text: 'Beef bourguignon is a French stew of beef braised in red wine with onions and mushrooms.' },
  ],
  items: [
    { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Says it is a French beef stew', snippets: ['S1'] },
    {
      id: 'I2',
      type: 'strict_list',
      tier: 'answer_critical',
      text: 'Core ingredients',
      members: [{ text: 'beef' }, { text: 'red wine' }],
    },
    { id: 'I3', type: 'fact', tier: 'valuable', text: 'Mentions onions and mushrooms', snippets: ['S1'] },
  ],
});
if (parsed.issues) {
  for (const issue of parsed.issues) console.error(`${issue.rule}: ${issue.message}`);
  process.exit(2);
}
const rubric = compileMetaRubric(parsed.value);

const answers = [
  {
    model: 'thorough',
    response: 'A French stew: beef braised slowly in red wine, with onions, mushrooms and bacon.',
  },
  { model: 'terse', response: 'It is a kind of soup.' },
];

const judge = createOfflineJudge();
const verdicts = [];
for (const answer of answers) {
  for (const check of rubric.checks) {
    const outcome = await judge.judge({
      questionId: rubric.question_id,
      question: rubric.question,
      answer: answer.response,
      check,
      language: 'en',
      subject: parsed.value.entity,
    });
    const key = { question_id: rubric.question_id, model: answer.model, setting: 'text', check_id: check.id };
    verdicts.push(
      outcome.status === 'ok'
        ? { ...key, verdict: outcome.verdict, rationale: outcome.rationale, judge: judge.id }
        : {
            ...key,
            verdict: null,
            failure: { kind: outcome.kind ?? 'invalid_reply', reason: outcome.error },
            judge: judge.id,
          },
    );
  }
}

const report = scoreVerdicts({ rubrics: [rubric], verdicts, seed: 0 });
console.log(JSON.stringify(report, null, 2));
