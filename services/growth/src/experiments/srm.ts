/**
 * Sample ratio mismatch: Pearson's chi-square test of observed counts against the counts the
 * weights expect. A p-value under 0.001 says the split is not what the weights asked for (a bug
 * in assignment or in exposure logging), so the experiment's results cannot be trusted.
 */
export const SRM_THRESHOLD = 0.001;

/** The statistic, its p-value and the verdict for `observed` counts against `weights` (zero-weight variants are left out). */
export function sampleRatioMismatch(observed: readonly number[], weights: readonly number[]): { chiSquare: number; pValue: number; mismatch: boolean } {
  const cells = observed.map((o, i) => ({ o, w: weights[i] ?? 0 })).filter((c) => c.w > 0);
  const total = cells.reduce((s, c) => s + c.o, 0);
  const weightSum = cells.reduce((s, c) => s + c.w, 0);
  if (cells.length < 2 || total === 0) return { chiSquare: 0, pValue: 1, mismatch: false };
  const chiSquare = cells.reduce((s, c) => {
    const expected = (total * c.w) / weightSum;
    return s + (c.o - expected) ** 2 / expected;
  }, 0);
  const pValue = chiSquareSurvival(chiSquare, cells.length - 1);
  return { chiSquare, pValue, mismatch: pValue < SRM_THRESHOLD };
}

/** P(X >= x) for a chi-square variable with `df` degrees of freedom: the regularized upper incomplete gamma Q(df/2, x/2). */
export function chiSquareSurvival(x: number, df: number): number {
  if (x <= 0) return 1;
  return upperGammaQ(df / 2, x / 2);
}

/** Q(a, x) by its series below a + 1 and its continued fraction above (Numerical Recipes 6.2), to about 1e-12. */
function upperGammaQ(a: number, x: number): number {
  const lnPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-14) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lnPrefix));
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return Math.min(1, Math.exp(lnPrefix) * h);
}

/** ln Γ(a) by the Lanczos approximation (g = 7, 9 terms). */
function logGamma(a: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a);
  const z = a - 1;
  let sum = c[0] as number;
  for (let i = 1; i < 9; i++) sum += (c[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
