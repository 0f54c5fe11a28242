import { describe, expect, it } from 'vitest';
import { seededRandom } from '../score/index.js';
import { classMetrics, confusionMatrix, macroF1 } from './classification.js';
import { countMatrix, encodePair, kappaOfMatrix, macroF1OfMatrix } from './coded.js';
import { cohenKappa } from './kappa.js';

describe('coded counting (the bootstrap fast path) agrees with the string routines', () => {
  const random = seededRandom(7);
  const labels = ['meets', 'partially_meets', 'missing', 'contradicts'];
  for (let trial = 0; trial < 20; trial++) {
    const n = 1 + Math.floor(random() * 60);
    const a = Array.from({ length: n }, () => labels[Math.floor(random() * (1 + (trial % 4)))] as string);
    const b = Array.from({ length: n }, () => labels[Math.floor(random() * 4)] as string);
    it(`trial ${trial} (n = ${n})`, () => {
      const coded = encodePair(a, b, labels);
      const m = countMatrix(coded);
      const k = kappaOfMatrix(m, coded.labels.length);
      const expected = cohenKappa(a, b).kappa;
      expect(k === null).toBe(expected === null);
      if (k !== null) expect(k).toBeCloseTo(expected as number, 12);
      expect(macroF1OfMatrix(m, 4)).toBeCloseTo(macroF1(classMetrics(confusionMatrix(a, b, labels))) as number, 12);
      // A resample that draws item 0 three times counts it three times.
      const drawn = countMatrix(coded, [0, 0, 0]);
      expect(drawn.reduce((s, v) => s + v, 0)).toBe(3);
      expect(drawn[(coded.a[0] as number) * 4 + (coded.b[0] as number)]).toBe(3);
    });
  }
});
