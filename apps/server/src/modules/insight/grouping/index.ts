import { addPoints, comparable, dotAt, emptyCentre, meanSquaredDistance, packVectors, questionPoint, squaredDistance, type Centre, type Point } from './centre';
import { decodeCentre, encodeCentre } from './stored-centre';
import { averageLinkage, linkageGroups } from './linkage';
import { countStems, readFrequencies, weigh, writeFrequencies } from './words';

/**
 * Failed questions grouped by meaning into clusters, as they arrive (pure: no I/O, deterministic).
 * A question is its sentence vector beside the TF-IDF weights of its word stems (centre.ts). One
 * cut, a distance in meaning, decides: questions share a cluster while, on average, the questions of
 * one part are nearer those of the other than the cut (average linkage, linkage.ts). A batch of new
 * questions is clustered so together with the existing clusters near them, each cluster standing for
 * its questions and never merging with another: a new question joins the cluster its group reaches,
 * and a group reaching none becomes a new cluster. New questions of one meaning thus find each other
 * before a neighbouring cluster takes them one by one. Clusters never merge, split or lose questions,
 * so no question's vector need be kept; the cut is tight (paraphrases), and regroup.ts groups the
 * clusters into the inbox's topics.
 */

export interface QuestionToGroup {
  id: string;
  text: string;
  /** Its sentence vector (unit length); null in a lexical project. */
  vector: Float32Array | null;
}

export interface StoredCluster {
  id: string;
  size: number;
  label: string;
  /** What groupQuestions wrote (stored as jsonb). */
  centre: Record<string, unknown>;
}

export interface GroupingResult {
  /** The project's state to pass to the next call (word frequencies), bounded in size. */
  state: Record<string, unknown>;
  /** Each question's cluster: an existing cluster's id or a created cluster's key. */
  joined: Map<string, string>;
  /** Existing clusters that questions joined, with their new size, centre and label. */
  changed: StoredCluster[];
  created: { key: string; size: number; label: string; centre: Record<string, unknown> }[];
}

/**
 * The mean squared distance (centre.ts) below which questions share a cluster: two unrelated questions
 * are about 1.9 apart, two paraphrases about 0.8. Banking77's test questions (77 fine-grained intents)
 * make about 680 clusters of purity 0.80 at 1.0, which regroup.ts makes about 140 topics.
 */
export const CLUSTER_CUT = 1.0;
/**
 * Questions clustered at once, and clusters compared with them at most: their pair matrix takes 4 bytes
 * a pair (72 MB at 6,000). A larger batch is grouped in parts, each joining the clusters the earlier made.
 */
const PART = 4_000;
const MAX_COMPARED = 2_000;

interface Group {
  /** The stored cluster's id, or a created cluster's key. */
  key: string;
  stored: boolean;
  centre: Centre;
  label: Point;
  labelText: string;
  changed: boolean;
}

export function groupQuestions(state: Record<string, unknown>, clusters: readonly StoredCluster[], questions: readonly QuestionToGroup[]): GroupingResult {
  const frequencies = readFrequencies(state);
  const groups: Group[] = [];
  for (const cluster of clusters) {
    // A cluster whose centre this grouping cannot read takes no new questions.
    const stored = decodeCentre(cluster.centre, cluster.size);
    if (stored) groups.push({ key: cluster.id, stored: true, ...stored, labelText: cluster.label, changed: false });
  }
  const joined = new Map<string, string>();
  for (let start = 0; start < questions.length; start += PART) {
    const part = questions.slice(start, start + PART);
    const counts = countStems(
      frequencies,
      part.map((question) => question.text),
    );
    const points = part.map((question, i) => questionPoint(question.vector, weigh(frequencies, counts[i]!)));
    const near = nearGroups(groups, points);
    const k = near.groups.length;
    for (const members of linkageGroups(averageLinkage, k + points.length, clusterDistances(near, points), CLUSTER_CUT, [...near.groups.map((group) => group.centre.size), ...points.map(() => 1)])) {
      // Members ascend and the clusters come first, so a group holds a cluster only as its first member.
      const newcomers = members.filter((m) => m >= k).map((m) => m - k);
      if (!newcomers.length) continue;
      const newPoints = newcomers.map((i) => points[i]!);
      const texts = newcomers.map((i) => part[i]!.text);
      let group: Group;
      if (members[0]! < k) {
        group = near.groups[members[0]!]!;
        join(group, newPoints, texts);
      } else {
        group = created(part[newcomers[0]!]!.id, newPoints, texts);
        groups.push(group);
      }
      for (const i of newcomers) joined.set(part[i]!.id, group.key);
    }
  }
  const stored = (group: Group) => ({ size: group.centre.size, label: group.labelText, centre: encodeCentre(group) });
  return {
    state: writeFrequencies(frequencies),
    joined,
    changed: groups.filter((group) => group.stored && group.changed).map((group) => ({ id: group.key, ...stored(group) })),
    created: groups.filter((group) => !group.stored).map((group) => ({ key: group.key, ...stored(group) })),
  };
}

/**
 * The clusters within the cut of some new question (no other can take one: average linkage never
 * brings a group closer than the nearest of its parts), nearest first and at most MAX_COMPARED, with
 * each one's mean squared distance to each question (row per cluster).
 */
function nearGroups(groups: readonly Group[], points: readonly Point[]): { groups: Group[]; distances: Float32Array[] } {
  // The questions' word weights by stem, so a cluster meets only the questions that share its words.
  const postings = new Map<string, { point: number; weight: number }[]>();
  points.forEach((point, index) => {
    for (const [stem, weight] of point.words) {
      let list = postings.get(stem);
      if (!list) postings.set(stem, (list = []));
      list.push({ point: index, weight });
    }
  });
  const { packed, dimensions } = packVectors(points.map((point) => point.vector));
  const wordDots = new Float64Array(points.length);
  const near: { group: Group; index: number; nearest: number; distances: Float32Array }[] = [];
  groups.forEach((group, index) => {
    const { centre } = group;
    wordDots.fill(0);
    for (const [stem, weight] of centre.words) for (const posting of postings.get(stem) ?? []) wordDots[posting.point]! += weight * posting.weight;
    const distances = new Float32Array(points.length);
    let nearest = Infinity;
    points.forEach((point, p) => {
      const vectorDot = comparable(point.vector, centre.vector) ? dotAt(centre.vector!, 0, packed, p * dimensions, dimensions) : 0;
      distances[p] = meanSquaredDistance(point, centre, vectorDot, wordDots[p]!);
      nearest = Math.min(nearest, distances[p]!);
    });
    if (nearest < CLUSTER_CUT) near.push({ group, index, nearest, distances });
  });
  const kept = near
    .sort((a, b) => a.nearest - b.nearest || a.index - b.index)
    .slice(0, MAX_COMPARED)
    .sort((a, b) => a.index - b.index);
  return { groups: kept.map((entry) => entry.group), distances: kept.map((entry) => entry.distances) };
}

/**
 * The condensed distance matrix of the near clusters (first) and the new questions: a cluster to a
 * question its mean squared distance, two clusters never (they never merge), two questions their
 * squared distance. The n^2/2 dot products of the questions are the grouping's main cost.
 */
function clusterDistances(near: { distances: Float32Array[] }, points: readonly Point[]): Float32Array {
  const k = near.distances.length;
  const n = k + points.length;
  const distances = new Float32Array((n * (n - 1)) / 2);
  let at = 0;
  for (let t = 0; t < k; t++) {
    distances.fill(Infinity, at, at + k - t - 1);
    at += k - t - 1;
    distances.set(near.distances[t]!, at);
    at += points.length;
  }
  const { packed, dimensions } = packVectors(points.map((point) => point.vector));
  // The points using each stem, ascending: row i reads only the later ones, from a cursor that only moves on.
  const postings = new Map<string, { points: number[]; weights: number[]; cursor: number }>();
  points.forEach((point, index) => {
    for (const [stem, weight] of point.words) {
      let list = postings.get(stem);
      if (!list) postings.set(stem, (list = { points: [], weights: [], cursor: 0 }));
      list.points.push(index);
      list.weights.push(weight);
    }
  });
  const wordDots = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    for (const [stem, weight] of a.words) {
      const list = postings.get(stem)!;
      list.cursor += 1;
      for (let q = list.cursor; q < list.points.length; q++) wordDots[list.points[q]!]! += weight * list.weights[q]!;
    }
    for (let j = i + 1; j < points.length; j++) {
      const b = points[j]!;
      const vectorDot = comparable(a.vector, b.vector) ? dotAt(packed, i * dimensions, packed, j * dimensions, dimensions) : 0;
      distances[at++] = squaredDistance(a, b, vectorDot, wordDots[j]!);
      wordDots[j] = 0;
    }
  }
  return distances;
}

/** The point nearest the centre among `candidates`; ties go to the first. */
function mostCentral(centre: Centre, candidates: readonly Point[]): number {
  let best = 0;
  let bestDistance = Infinity;
  candidates.forEach((point, i) => {
    const distance = squaredDistance(point, centre);
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

/** Adds questions to a group; its label becomes the most central of its label and them (a label stays unless a newcomer is nearer the moved centre). */
function join(group: Group, points: readonly Point[], texts: readonly string[]): void {
  group.centre = addPoints(group.centre, points);
  const best = mostCentral(group.centre, [group.label, ...points]);
  if (best > 0) {
    group.label = points[best - 1]!;
    group.labelText = texts[best - 1]!;
  }
  group.changed = true;
}

function created(key: string, points: readonly Point[], texts: readonly string[]): Group {
  const centre = addPoints(emptyCentre, points);
  const best = mostCentral(centre, points);
  return { key, stored: false, centre, label: points[best]!, labelText: texts[best]!, changed: true };
}
