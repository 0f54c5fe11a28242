import { InputError } from '../issues/errors.js';
import { seededRandom } from '../score/index.js';
import { kendallTauB, spearman } from './correlation.js';
import { bootstrapCi, type Ci95, meanOf, pick } from './resample.js';
import { distinctSorted, type RunAnalysisOptions, ranksDescending, sameOrder, scoreUnits } from './scored.js';

export interface SettingDiff {
  /** Questions answered in both settings (the pairs the difference is over). */
  n: number;
  multimodal: number | null;
  text_only: number | null;
  /** Mean over those questions of multimodal − text-only: the "image tax" when negative for text-only. */
  difference: number | null;
  /** Percentile bootstrap over the paired questions. */
  difference_ci95: Ci95 | null;
}

export interface SettingsReport {
  judge: string | null;
  models: Array<SettingDiff & { model: string; rank_multimodal: number | null; rank_text_only: number | null }>;
  by_domain: Array<SettingDiff & { model: string; domain: string | null }>;
  /** Mean over models of each domain's difference. */
  domains: Array<{ domain: string | null; models: number; difference: number | null }>;
  /** Rankings of the models that have both settings. */
  ranking: { n: number; kendall_tau: number | null; spearman: number | null; holds: boolean };
}

/** Setting ablation (SPEC §8): each model multimodal vs text-only, per model and per domain. */
export function analyzeSettings(options: RunAnalysisOptions & { judge?: string; sample?: number }): SettingsReport {
  const { report } = scoreUnits(options);
  const domainOf = new Map(options.rubrics.map((r) => [r.question_id as string, r.domain ?? null]));
  const mm = new Map<string, Map<string, number>>();
  const txt = new Map<string, Map<string, number>>();
  for (const a of report.answers) {
    // Plain text questions have no image to ablate.
    if (a.gamut === null || a.setting === 'text') continue;
    const target = a.setting === 'multimodal' ? mm : txt;
    const m = target.get(a.model) ?? new Map<string, number>();
    m.set(a.question_id, a.gamut);
    target.set(a.model, m);
  }
  const models = distinctSorted([...mm.keys()].filter((m) => txt.has(m)));
  if (models.length === 0) {
    throw new InputError({
      rule: 'settings-missing',
      message: 'setting ablation needs answers of the same model in both the multimodal and the text_only setting',
      ...(options.files?.verdicts !== undefined && { file: options.files.verdicts }),
    });
  }
  const random = seededRandom(options.seed ?? 0);
  const resample = { random, ...(options.resamples !== undefined && { resamples: options.resamples }) };
  const diff = (model: string, keep: (q: string) => boolean): SettingDiff => {
    const a = mm.get(model) as Map<string, number>;
    const b = txt.get(model) as Map<string, number>;
    const qs = [...a.keys()].filter((q) => b.has(q) && keep(q)).sort();
    const xs = qs.map((q) => a.get(q) as number);
    const ys = qs.map((q) => b.get(q) as number);
    const ds = xs.map((x, i) => x - (ys[i] as number));
    const d = meanOf(ds);
    return {
      n: qs.length,
      multimodal: meanOf(xs),
      text_only: meanOf(ys),
      difference: d,
      difference_ci95: d === null ? null : bootstrapCi(ds.length, (idx) => meanOf(pick(ds, idx)), resample),
    };
  };
  const rows = models.map((model) => ({ model, ...diff(model, () => true) }));
  const ranked = rows.filter((r) => r.multimodal !== null && r.text_only !== null);
  const xm = ranked.map((r) => r.multimodal as number);
  const xt = ranked.map((r) => r.text_only as number);
  const rm = ranksDescending(xm);
  const rt = ranksDescending(xt);
  const domains = distinctSorted([...domainOf.values()].map((d) => d ?? '\uffff')).map((d) =>
    d === '\uffff' ? null : d,
  );
  const by_domain = models.flatMap((model) =>
    domains
      .map((domain) => ({ model, domain, ...diff(model, (q) => (domainOf.get(q) ?? null) === domain) }))
      .filter((r) => r.n > 0),
  );
  return {
    judge: report.params.judge,
    models: rows.map((r) => {
      const i = ranked.indexOf(r);
      return {
        ...r,
        rank_multimodal: i < 0 ? null : (rm[i] as number),
        rank_text_only: i < 0 ? null : (rt[i] as number),
      };
    }),
    by_domain,
    domains: domains
      .map((domain) => {
        const ds = by_domain
          .filter((r) => r.domain === domain && r.difference !== null)
          .map((r) => r.difference as number);
        return { domain, models: ds.length, difference: meanOf(ds) };
      })
      .filter((d) => d.models > 0),
    ranking: {
      n: ranked.length,
      kendall_tau: kendallTauB(xm, xt),
      spearman: spearman(xm, xt),
      holds: sameOrder(xm, xt),
    },
  };
}
