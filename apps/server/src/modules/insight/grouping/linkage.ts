/**
 * Average-linkage clustering stopped at a cut: groups merge, closest first, while the mean squared
 * distance between the questions of one and those of the other is below `cut`. The cut is then a
 * property of meaning alone (how far apart, on average, two questions of one topic may be), unlike
 * Ward's cost, which grows with the groups' sizes: at one Ward cut Banking77's test questions made
 * 132 topics fed 20 at a time and 454 fed 2,000 at a time, so a backlog and a trickle of the same
 * questions would group differently. The nearest-neighbour chain finds the same merges as merging
 * the closest pair each time (average linkage is reducible) in O(n^2) time, on a condensed matrix of
 * distances updated by the Lance-Williams formula: O(n^2) memory, 4 bytes a pair.
 */

/** Where the pair i < j sits in a condensed matrix of n points. */
export function pairIndex(n: number, i: number, j: number): number {
  return (i * (2 * n - i - 1)) / 2 + (j - i - 1);
}

/**
 * The groups of n points, given `distances` (condensed: each pair's squared distance, or the mean
 * squared distance between the questions of two points that stand for several; Infinity keeps two
 * apart for good) and how many questions each point stands for. Groups are lists of point indices,
 * ascending, ordered by their first point. `distances` is overwritten.
 */
export function averageLinkageGroups(n: number, distances: Float32Array, cut: number, sizes: readonly number[]): number[][] {
  const distance = (i: number, j: number) => distances[i < j ? pairIndex(n, i, j) : pairIndex(n, j, i)]!;
  const size = Float64Array.from(sizes);
  // A group still merging. One whose nearest neighbour is `cut` or more away never merges again
  // (reducibility: a merge never brings two groups closer than the nearer of its parts), nor does a
  // group merged into another.
  const open = new Uint8Array(n).fill(1);
  const absorbed = new Uint8Array(n);
  // Each group's points as a linked list: next point, last point.
  const next = new Int32Array(n).fill(-1);
  const last = Int32Array.from({ length: n }, (_, i) => i);
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
    let nearestDistance = previous >= 0 ? distance(a, previous) : Infinity;
    for (let k = 0; k < n; k++) {
      if (k === a || !open[k]) continue;
      const d = distance(a, k);
      if (d < nearestDistance) {
        nearest = k;
        nearestDistance = d;
      }
    }
    if (nearest < 0 || nearestDistance >= cut) {
      open[a] = 0;
      top -= 1;
    } else if (nearest === previous) {
      top -= 2;
      const [i, j] = a < previous ? [a, previous] : [previous, a];
      const merged = size[i]! + size[j]!;
      for (let k = 0; k < n; k++) {
        if (k === i || k === j || !open[k]) continue;
        distances[i < k ? pairIndex(n, i, k) : pairIndex(n, k, i)] = (size[i]! * distance(i, k) + size[j]! * distance(j, k)) / merged;
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
