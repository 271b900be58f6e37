/**
 * The p-th percentile (0 < p <= 1) of timings by nearest rank: the smallest value with at least a
 * share p of them at or below it (p = 0.5 the median, p = 1 the slowest). Sorts a copy, so timings
 * are passed as gathered; none gives 0.
 */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}
