/**
 * Agglomerative clustering stopped at a cut, by the nearest-neighbour chain: groups merge, closest
 * first, while their distance is below `cut`. The chain finds the same merges as merging the closest
 * pair each time for a reducible linkage (average and Ward's are) in O(n^2) time, on a condensed
 * matrix of distances updated by the Lance-Williams formula: O(n^2) memory, 4 bytes a pair.
 *
 * Average linkage (the mean squared distance between the questions of one group and those of the
 * other) makes its cut a property of meaning alone: how far apart, on average, two questions of one
 * group may be. Ward's linkage (what a merge adds to the groups' squared spread) weighs the groups'
 * sizes, so it makes groups of even size from clusters of uneven size, where average linkage lets a
 * few broad groups swallow their neighbours.
 */

/** The distance from k to the merge of i and j, from the distances before it and the sizes of i, j and k. */
export type Linkage = (ik: number, jk: number, ij: number, i: number, j: number, k: number) => number;

export const averageLinkage: Linkage = (ik, jk, _ij, i, j) => (i * ik + j * jk) / (i + j);

/** On Ward's costs: n_i n_j / (n_i + n_j) |c_i - c_j|^2, what merging i and j adds to the squared distances to their centre. */
export const wardLinkage: Linkage = (ik, jk, ij, i, j, k) => ((i + k) * ik + (j + k) * jk - k * ij) / (i + j + k);

/**
 * Distances kept beside the linkage's, by average linkage: two groups whose questions are on average
 * `cut` or more apart never merge, however cheap the linkage finds their merge.
 */
export interface ApartRule {
  distances: Float32Array;
  cut: number;
}

/** Where the pair i < j sits in a condensed matrix of n points. */
export function pairIndex(n: number, i: number, j: number): number {
  return (i * (2 * n - i - 1)) / 2 + (j - i - 1);
}

/**
 * The groups of n points, given `distances` (condensed: each pair's distance; Infinity keeps two
 * apart for good) and how many questions each point stands for. Groups are lists of point indices,
 * ascending, ordered by their first point. `distances` (and the apart rule's) are overwritten.
 */
export function linkageGroups(linkage: Linkage, n: number, distances: Float32Array, cut: number, sizes: readonly number[], apart?: ApartRule): number[][] {
  const stored = (i: number, j: number) => (i < j ? pairIndex(n, i, j) : pairIndex(n, j, i));
  const distance = apart
    ? (i: number, j: number) => (apart.distances[stored(i, j)]! >= apart.cut ? Infinity : distances[stored(i, j)]!)
    : (i: number, j: number) => distances[stored(i, j)]!;
  const size = Float64Array.from(sizes);
  // A group still merging. One whose nearest neighbour is `cut` or more away never merges again
  // (reducibility: a merge never brings two groups closer than the nearer of its parts), nor does a
  // group merged into another. The apart rule is not reducible (averaging may bring two groups
  // under its cut): a group it alone kept apart is left, which errs on the side of keeping apart.
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
      const ij = distances[stored(i, j)]!;
      for (let k = 0; k < n; k++) {
        if (k === i || k === j || !open[k]) continue;
        const [ik, jk] = [stored(i, k), stored(j, k)];
        distances[ik] = linkage(distances[ik]!, distances[jk]!, ij, size[i]!, size[j]!, size[k]!);
        if (apart) apart.distances[ik] = averageLinkage(apart.distances[ik]!, apart.distances[jk]!, 0, size[i]!, size[j]!, size[k]!);
      }
      size[i] = size[i]! + size[j]!;
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
