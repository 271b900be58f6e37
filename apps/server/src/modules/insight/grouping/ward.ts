/**
 * Ward's agglomerative clustering, stopped at a cut: groups merge, cheapest first, while merging them
 * adds less than `cut` to the total squared distance of points to their group's centre. The
 * nearest-neighbour chain finds the same merges as merging the globally cheapest pair each time
 * (Ward's cost is reducible) in O(n^2) time, on a condensed matrix of merge costs updated by the
 * Lance-Williams formula: O(n^2) memory, 4 bytes a pair.
 */

/** Where the pair i < j sits in a condensed matrix of n points. */
export function pairIndex(n: number, i: number, j: number): number {
  return (i * (2 * n - i - 1)) / 2 + (j - i - 1);
}

/**
 * The groups of n points, given `costs` (condensed: the cost of merging each pair of single points,
 * half their squared distance). Groups are lists of point indices, ascending, ordered by their first
 * point. `costs` is overwritten.
 */
export function wardGroups(n: number, costs: Float32Array, cut: number): number[][] {
  const cost = (i: number, j: number) => costs[i < j ? pairIndex(n, i, j) : pairIndex(n, j, i)]!;
  const size = new Float64Array(n).fill(1);
  // A point still merging; a group whose nearest neighbour costs `cut` or more never merges again
  // (reducibility: a merge never brings two groups closer than the nearer of its parts), nor does a
  // group merged into another.
  const open = new Uint8Array(n).fill(1);
  // Each group's points as a linked list: first point, next point, last point.
  const next = new Int32Array(n).fill(-1);
  const last = Int32Array.from({ length: n }, (_, i) => i);
  const absorbed = new Uint8Array(n);
  const chain = new Int32Array(n);
  let top = 0;
  let start = 0;
  for (;;) {
    if (top === 0) {
      while (start < n && !open[start]) start += 1;
      if (start >= n) break;
      chain[top++] = start;
    }
    const a = chain[top - 1]!;
    const previous = top > 1 ? chain[top - 2]! : -1;
    // The previous link wins ties, so a chain always ends in a reciprocal pair.
    let nearest = previous;
    let nearestCost = previous >= 0 ? cost(a, previous) : Infinity;
    for (let k = 0; k < n; k++) {
      if (k === a || !open[k]) continue;
      const c = cost(a, k);
      if (c < nearestCost) {
        nearest = k;
        nearestCost = c;
      }
    }
    if (nearest < 0 || nearestCost >= cut) {
      open[a] = 0;
      top -= 1;
    } else if (nearest === previous) {
      top -= 2;
      const [i, j] = a < previous ? [a, previous] : [previous, a];
      const merged = size[i]! + size[j]!;
      for (let k = 0; k < n; k++) {
        if (k === i || k === j || !open[k]) continue;
        const sk = size[k]!;
        const updated = ((size[i]! + sk) * cost(i, k) + (size[j]! + sk) * cost(j, k) - sk * nearestCost) / (merged + sk);
        costs[i < k ? pairIndex(n, i, k) : pairIndex(n, k, i)] = updated;
      }
      size[i] = merged;
      open[j] = 0;
      absorbed[j] = 1;
      next[last[i]!] = j;
      last[i] = last[j]!;
    } else {
      chain[top++] = nearest;
    }
  }
  const groups: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (absorbed[i]) continue;
    const points: number[] = [];
    for (let k = i; k >= 0; k = next[k]!) points.push(k);
    groups.push(points.sort((a, b) => a - b));
  }
  return groups;
}
