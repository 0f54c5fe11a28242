import type { GoldenChange, GoldenQuestion, GoldenSet, RequiredFact } from '@gamut/core';

/** A change applied, or why it could not be (the rule and a message, for an issue). */
export type Applied = { ok: true; golden: GoldenSet; summary: string } | { ok: false; rule: string; message: string };

/**
 * Applies one change to a golden set, returning a new set (the input is never
 * modified). A change that names a question or fact the set does not have, or
 * that would change nothing, is refused rather than skipped: the reviewer
 * meant something the set does not say.
 */
export function applyGoldenChange(golden: GoldenSet, change: GoldenChange): Applied {
  const qi = golden.questions.findIndex((q) => q.question_id === change.question_id);
  const question = golden.questions[qi];
  if (!question) {
    return { ok: false, rule: 'unknown-question', message: `the golden set has no question ${change.question_id}` };
  }
  const withQuestion = (q: GoldenQuestion | null, summary: string): Applied => {
    const questions = golden.questions.flatMap((old, i) => (i !== qi ? [old] : q ? [q] : []));
    return { ok: true, golden: { ...golden, questions }, summary };
  };
  switch (change.op) {
    case 'remove_question':
      if (golden.questions.length === 1) {
        return { ok: false, rule: 'last-question', message: 'a golden set keeps at least one question' };
      }
      return withQuestion(null, `${question.question_id}: question removed`);
    case 'set_gold_answer':
      if (question.gold_answer === change.gold_answer) return unchanged(change);
      return withQuestion(
        { ...question, gold_answer: change.gold_answer },
        `${question.question_id}: gold answer replaced`,
      );
    case 'make_answerable':
      if (question.answerable) {
        return {
          ok: false,
          rule: 'already-answerable',
          message: `question ${question.question_id} is answerable already`,
        };
      }
      if (change.placeholder) {
        return {
          ok: false,
          rule: 'placeholder-change',
          message: `the facts proposed for ${question.question_id} are a placeholder (the question's own words): write the facts a correct answer states and drop "placeholder" from the change`,
        };
      }
      return withQuestion(
        {
          ...question,
          answerable: true,
          type: change.type,
          required_facts: change.required_facts,
          gold_answer: change.gold_answer,
        },
        `${question.question_id}: now answerable (${change.type}, facts ${change.required_facts.map((f) => f.id).join(', ')})`,
      );
    default:
      return onFact(question, change, withQuestion);
  }
}

type FactChange = Extract<GoldenChange, { fact_id: unknown }>;

function onFact(
  question: GoldenQuestion,
  change: FactChange,
  withQuestion: (q: GoldenQuestion, summary: string) => Applied,
): Applied {
  const fi = question.required_facts.findIndex((f) => f.id === change.fact_id);
  const fact = question.required_facts[fi];
  if (!fact) {
    return {
      ok: false,
      rule: 'unknown-fact',
      message: `question ${question.question_id} has no required fact ${change.fact_id}`,
    };
  }
  const at = `${question.question_id} ${fact.id}`;
  const withFact = (f: RequiredFact, summary: string) =>
    withQuestion(
      { ...question, required_facts: question.required_facts.map((old, i) => (i === fi ? f : old)) },
      summary,
    );
  switch (change.op) {
    case 'set_fact_values': {
      if (sameList(fact.values, change.values)) return unchanged(change);
      const shown = (v: readonly string[]) => (v.length ? v.join(', ') : '(none)');
      return withFact(
        { ...fact, values: change.values },
        `${at}: values ${shown(fact.values)} → ${shown(change.values)}`,
      );
    }
    case 'add_fact_page':
      if (fact.page_ids.includes(change.page_id)) return unchanged(change);
      return withFact({ ...fact, page_ids: [...fact.page_ids, change.page_id] }, `${at}: page ${change.page_id} added`);
    case 'remove_fact_page':
      if (!fact.page_ids.includes(change.page_id)) {
        return { ok: false, rule: 'unknown-page', message: `fact ${at} does not name page ${change.page_id}` };
      }
      return withFact(
        { ...fact, page_ids: fact.page_ids.filter((p) => p !== change.page_id) },
        `${at}: page ${change.page_id} removed`,
      );
  }
}

function unchanged(change: GoldenChange): Applied {
  return {
    ok: false,
    rule: 'no-change',
    message: `${change.op} on ${change.question_id} changes nothing: the golden set says so already`,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
