import {
  type CalibrationBlock,
  type CalibrationReport,
  calibrate,
  InputError,
  kindFromCheckId,
  type LabelRecord,
  parseValidRecords as parseAll,
  RAG_ASPECTS,
  RAG_POSITIVE,
  type RagAspect,
  RagJudgment,
  ragLabelRecords,
  type SourceRecord,
  seededRandom,
  VERDICTS,
  VerdictLine,
} from '@gamut/core';
import { toJsonl, writeFileAtomic } from '../../io/atomic-write.js';
import { readRecords } from '../../io/read-records.js';
import { readCompiledRubrics } from '../score/read-rubrics.js';
import { intOption } from './read-inputs.js';
import { num, numCi, printJson, rate, table } from './render.js';

export interface CalibrationCliOptions {
  labels: string;
  judgments: string;
  rubrics?: string;
  judge?: string;
  json?: boolean;
  disagreements?: string;
  seed?: string;
  resamples?: string;
}

type Kind = 'verdicts' | 'rag';

function kindOf(records: readonly SourceRecord[], file: string): Kind {
  const first = records[0]?.value as Record<string, unknown> | undefined;
  if (first && typeof first === 'object' && 'check_id' in first) return 'verdicts';
  if (first && typeof first === 'object' && ('facts' in first || 'claims' in first || 'abstained' in first))
    return 'rag';
  throw new InputError({
    rule: 'unknown-format',
    message: `${file} holds neither verdict lines (with check_id) nor RAG judgments (with facts, claims, abstained)`,
    file,
    ...(records[0]?.line !== undefined && { line: records[0].line }),
  });
}

interface Flat {
  records: Array<LabelRecord & { aspect?: RagAspect }>;
}

function flatten(records: readonly SourceRecord[], kind: Kind, defaultRater: string): Flat {
  if (kind === 'verdicts') {
    return {
      records: parseAll(records, VerdictLine)
        // A judge failure is no label: calibration compares verdicts only.
        .filter(({ value }) => (value.sample ?? 0) === 0 && value.verdict !== null)
        .map(({ value: v, line }) => ({
          item: `${v.question_id}|${v.model}|${v.setting}|${v.check_id}`,
          rater: v.judge,
          label: v.verdict as string,
          ...(line !== undefined && { line }),
        })),
    };
  }
  return {
    records: parseAll(records, RagJudgment).flatMap(({ value, line }) =>
      ragLabelRecords(value, value.judge ?? defaultRater, line),
    ),
  };
}

export async function runCalibration(o: CalibrationCliOptions): Promise<void> {
  const [humanRecords, judgeRecords] = await Promise.all([readRecords(o.labels), readRecords(o.judgments)]);
  const kind = kindOf(humanRecords, o.labels);
  const judgeKind = kindOf(judgeRecords, o.judgments);
  if (judgeKind !== kind) {
    throw new InputError({
      rule: 'format-mismatch',
      message: `--labels holds ${kind === 'rag' ? 'RAG judgments' : 'verdict lines'} but --judgments holds ${judgeKind === 'rag' ? 'RAG judgments' : 'verdict lines'}`,
      file: o.judgments,
    });
  }
  const human = flatten(humanRecords, kind, 'human').records;
  const judged = flatten(judgeRecords, kind, 'judge').records;
  const judges = [...new Set(judged.map((r) => r.rater))].sort();
  if (o.judge !== undefined && !judges.includes(o.judge)) {
    throw new InputError({
      rule: 'unknown-judge',
      message: `judge "${o.judge}" has no judgments in ${o.judgments}; judges: ${judges.join(', ')}`,
      file: o.judgments,
    });
  }
  const facets = await facetsFor(o.rubrics, kind);
  const seed = intOption('--seed', o.seed, 0);
  const resamples = intOption('--resamples', o.resamples, 1000, 1);
  const chosen = o.judge !== undefined ? [o.judge] : judges;
  const run = (j: string, aspect?: RagAspect): CalibrationReport =>
    calibrate({
      human: human.filter((r) => r.aspect === aspect),
      judge: judged.filter((r) => r.rater === j && r.aspect === aspect),
      ...(kind === 'verdicts' || aspect === 'fact' ? { labels: VERDICTS } : {}),
      positive: aspect === undefined ? 'meets' : RAG_POSITIVE[aspect],
      ...(facets && { facets }),
      random: seededRandom(seed),
      resamples,
    });
  const reports =
    kind === 'verdicts'
      ? chosen.map((j) => ({ judge: j, aspects: { checks: run(j) } as Record<string, CalibrationReport> }))
      : chosen.map((j) => ({
          judge: j,
          aspects: Object.fromEntries(
            RAG_ASPECTS.map((a) => [a, run(j, a)] as const).filter(([, r]) => r.items > 0),
          ) as Record<string, CalibrationReport>,
        }));
  if (reports.every((r) => Object.values(r.aspects).every((a) => a.items === 0))) {
    throw new InputError({
      rule: 'no-overlap',
      message: `no item is labelled in both ${o.labels} and ${o.judgments} (matched on question, model, setting and check)`,
      file: o.judgments,
    });
  }
  if (o.disagreements !== undefined) {
    const rows = reports.flatMap((r) =>
      Object.entries(r.aspects).flatMap(([aspect, a]) =>
        a.disagreements.map((d) => ({
          judge: r.judge,
          ...(kind === 'rag' && { aspect }),
          item: d.item,
          kind: d.kind,
          tier: d.tier,
          judge_label: d.judge,
          human_label: d.human,
          annotators: d.annotators,
        })),
      ),
    );
    await writeFileAtomic(o.disagreements, toJsonl(rows));
  }
  if (o.json) return printJson({ kind, judges: reports });
  const out: string[] = [];
  for (const r of reports) {
    for (const [aspect, a] of Object.entries(r.aspects))
      out.push(renderReport(r.judge, kind === 'rag' ? aspect : null, a));
  }
  process.stdout.write(out.join('\n'));
}

async function facetsFor(
  rubricsFile: string | undefined,
  kind: Kind,
): Promise<((item: string) => { kind: string | null; tier: string | null }) | undefined> {
  if (kind === 'rag') return undefined;
  const index = new Map<string, { kind: string; tier: string }>();
  if (rubricsFile !== undefined) {
    for (const r of await readCompiledRubrics(rubricsFile)) {
      for (const c of r.checks) index.set(`${r.question_id}|${c.id}`, { kind: c.kind, tier: c.tier });
    }
  }
  return (item) => {
    const [q, , , check] = item.split('|');
    const known = index.get(`${q}|${check}`);
    return known ?? { kind: kindFromCheckId(check ?? ''), tier: null };
  };
}

function blockRow(label: string, b: CalibrationBlock): string[] {
  return [
    label,
    String(b.n),
    rate(b.agreement),
    numCi(b.kappa, b.kappa_ci95),
    b.binary ? numCi(b.binary.kappa, b.binary.kappa_ci95) : '—',
    numCi(b.macro_f1, b.macro_f1_ci95),
  ];
}

function renderReport(judge: string, aspect: string | null, r: CalibrationReport): string {
  const v = r.vs_majority;
  const pos = v.binary?.positive ?? 'meets';
  const head = ['', 'n', 'Agreement', "Cohen's kappa [95% CI]", `${pos} vs not: kappa`, 'Macro-F1 [95% CI]'];
  const parts: string[] = [];
  parts.push(
    `Judge ${judge}${aspect ? `, ${aspect}` : ''}: ${r.items} items labelled by both; ` +
      `${r.annotators.length} annotator${r.annotators.length === 1 ? '' : 's'} (${r.annotators.join(', ')})` +
      (r.majority_ties ? `; ${r.majority_ties} items without a majority label left out` : '') +
      (r.judge_only || r.human_only ? `; unmatched: ${r.judge_only} judge-only, ${r.human_only} human-only` : ''),
  );
  parts.push(table(head, [blockRow(r.annotators.length > 1 ? 'vs majority' : 'overall', v)], [1, 2, 3, 4, 5]));
  const labels = v.confusion.labels.filter((_, i) => v.per_class.some((c) => c.label === v.confusion.labels[i]));
  const idx = labels.map((l) => v.confusion.labels.indexOf(l));
  parts.push('Confusion matrix (rows: human, columns: judge)');
  parts.push(
    table(
      ['human \\ judge', ...labels],
      idx.map((i) => [v.confusion.labels[i] as string, ...idx.map((j) => String(v.confusion.counts[i]?.[j] ?? 0))]),
      labels.map((_, i) => i + 1),
    ),
  );
  parts.push(
    table(
      ['Label', 'Support', 'Precision', 'Recall', 'F1'],
      v.per_class.map((c) => [c.label, String(c.support), num(c.precision), num(c.recall), num(c.f1)]),
      [1, 2, 3, 4],
    ),
  );
  if (r.by_kind.length) {
    parts.push(
      table(
        ['Check kind', ...head.slice(1)],
        r.by_kind.map((b) => blockRow(b.kind ?? '(unknown)', b)),
        [1, 2, 3, 4, 5],
      ),
    );
  }
  if (r.by_tier.length && r.by_tier.some((b) => b.tier !== null)) {
    parts.push(
      table(
        ['Tier', ...head.slice(1)],
        r.by_tier.map((b) => blockRow(b.tier ?? '(unknown)', b)),
        [1, 2, 3, 4, 5],
      ),
    );
  }
  if (r.annotators.length > 1) {
    parts.push(
      table(
        ['Judge vs annotator', 'n', 'Agreement', "Cohen's kappa [95% CI]"],
        [
          ...r.vs_annotators.per_annotator.map((a) => [
            a.annotator,
            String(a.n),
            rate(a.agreement),
            numCi(a.kappa, a.kappa_ci95),
          ]),
          ['average annotator', '', rate(r.vs_annotators.mean_agreement), num(r.vs_annotators.mean_kappa)],
        ],
        [1, 2, 3],
      ),
    );
    if (r.humans) {
      parts.push(
        `Annotators among themselves: Fleiss' kappa ${num(r.humans.fleiss_kappa)}, ` +
          `Krippendorff's alpha ${num(r.humans.krippendorff_alpha)}, mean pairwise kappa ${num(r.humans.mean_pairwise_kappa)}`,
      );
    }
  }
  parts.push(
    `${r.disagreement_count} disagreement${r.disagreement_count === 1 ? '' : 's'} to review (--disagreements FILE writes them)`,
  );
  return `${parts.join('\n')}\n`;
}
