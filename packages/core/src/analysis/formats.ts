import { z } from 'zod';

const Id = z.union([z.string().min(1), z.number()]).transform(String);

/** A line of a labels file for `gamut analyze agreement`: one rater's label for one item. */
export const LabelLine = z.object({
  item: Id,
  rater: z.string().min(1),
  label: Id,
  group: z.union([z.string(), z.number()]).transform(String).nullable().optional(),
});
export type LabelLine = z.infer<typeof LabelLine>;

const Winner = z
  .union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2), z.null()])
  .transform((w) => (w === null ? null : String(w)));

/**
 * A pairwise-preference judgment for `gamut analyze pairs`. LLMBar's field
 * names are accepted too (`evaluator` for judge, `subset` for group, and
 * `subset` + `index` for item), so its published verdict file reads as is.
 */
export const PairLine = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const r = { ...(v as Record<string, unknown>) };
    if (r.judge === undefined && r.evaluator !== undefined) r.judge = r.evaluator;
    if (r.group === undefined && r.subset !== undefined) r.group = r.subset;
    if (r.item === undefined && r.index !== undefined) {
      r.item = r.subset === undefined ? r.index : `${String(r.subset)}/${String(r.index)}`;
    }
    return r;
  },
  z.object({
    item: Id,
    judge: z.string().min(1),
    label: z.union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)]).transform(String),
    winner_swap_false: Winner,
    winner_swap_true: Winner,
    group: z.union([z.string(), z.number()]).transform(String).nullable().optional(),
  }),
);
export type PairLine = z.infer<typeof PairLine>;
