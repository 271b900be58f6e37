import { addPoints, comparable, dotVectors, emptyCentre, meanSquaredDistance, questionPoint, squaredDistance, type Centre, type Point } from './centre';
import { decodeCentre, encodeCentre } from './stored-centre';
import { averageLinkageGroups } from './linkage';
import { countStems, readFrequencies, weigh, writeFrequencies } from './words';

/**
 * Failed questions grouped by meaning into topics, as they arrive (pure: no I/O, deterministic).
 * A question is its sentence vector beside the TF-IDF weights of its word stems (centre.ts). One
 * cut, a distance in meaning, decides everything: two questions share a topic when, on average, the
 * questions of one are closer to those of the other than the cut. A batch of new questions first
 * joins the existing topics (each question the one whose questions it is nearest on average, when
 * nearer than the cut); the rest are clustered among themselves by average linkage stopped at the
 * same cut (linkage.ts), each group a new topic. Topics never merge, split or lose questions, so a
 * topic keeps its id and its fixes, and since joining and clustering apply the same test, the topics
 * hardly depend on how the questions were batched: Banking77's test questions made 155 topics fed
 * one at a time, 149 fed 200 at a time and 128 all at once (bench/insight.bench.ts).
 */

export interface QuestionToGroup {
  id: string;
  text: string;
  /** Its sentence vector (unit length); null in a lexical project. */
  vector: Float32Array | null;
}

export interface StoredTopic {
  id: string;
  size: number;
  label: string;
  /** What groupQuestions wrote (stored as jsonb). */
  centre: Record<string, unknown>;
}

export interface GroupingResult {
  /** The project's state to pass to the next call (word frequencies), bounded in size. */
  state: Record<string, unknown>;
  /** Each question's topic: an existing topic's id or a created topic's key. */
  joined: Map<string, string>;
  /** Existing topics that questions joined, with their new size, centre and label. */
  changed: StoredTopic[];
  created: { key: string; size: number; label: string; centre: Record<string, unknown> }[];
}

/**
 * The mean squared distance (centre.ts) below which questions share a topic. Two unrelated questions
 * are about 1.9 apart, two paraphrases about 0.8; 1.25 grouped Banking77's 3,080 test questions (77
 * fine-grained intents) into about 150 topics.
 */
export const GROUPING_CUT = 1.25;
/** Questions clustered at once: their pair matrix takes 4 bytes a pair (32 MB at 4,000). A larger batch is grouped in parts, each joining the topics the earlier made. */
const MAX_CLUSTERED = 4_000;

interface Group {
  /** The stored topic's id, or a created topic's key. */
  key: string;
  stored: boolean;
  centre: Centre;
  label: Point;
  labelText: string;
  changed: boolean;
}

export function groupQuestions(state: Record<string, unknown>, topics: readonly StoredTopic[], questions: readonly QuestionToGroup[]): GroupingResult {
  const frequencies = readFrequencies(state);
  const groups: Group[] = [];
  for (const topic of topics) {
    // A topic whose centre this grouping cannot read takes no new questions.
    const stored = decodeCentre(topic.centre, topic.size);
    if (stored) groups.push({ key: topic.id, stored: true, ...stored, labelText: topic.label, changed: false });
  }
  const joined = new Map<string, string>();
  for (let start = 0; start < questions.length; start += MAX_CLUSTERED) {
    const part = questions.slice(start, start + MAX_CLUSTERED);
    const counts = countStems(
      frequencies,
      part.map((question) => question.text),
    );
    const points = part.map((question, i) => questionPoint(question.vector, weigh(frequencies, counts[i]!)));
    const joining = new Map<Group, number[]>();
    const alone: number[] = [];
    nearestGroups(groups, points).forEach(({ group, distance }, i) => {
      if (group && distance < GROUPING_CUT) joining.set(group, [...(joining.get(group) ?? []), i]);
      else alone.push(i);
    });
    for (const [group, members] of joining) {
      join(
        group,
        members.map((i) => points[i]!),
        members.map((i) => part[i]!.text),
      );
      for (const i of members) joined.set(part[i]!.id, group.key);
    }
    for (const members of averageLinkageGroups(alone.length, pairDistances(alone.map((i) => points[i]!)), GROUPING_CUT)) {
      const group = created(
        part[alone[members[0]!]!]!.id,
        members.map((m) => points[alone[m]!]!),
        members.map((m) => part[alone[m]!]!.text),
      );
      groups.push(group);
      for (const m of members) joined.set(part[alone[m]!]!.id, group.key);
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

/** Each point's nearest group by its mean squared distance to the group's questions; ties go to the earlier group. */
function nearestGroups(groups: readonly Group[], points: readonly Point[]): { group: Group | null; distance: number }[] {
  // The groups' word weights by stem, so a question meets only the groups that share its words.
  const postings = new Map<string, { group: number; weight: number }[]>();
  groups.forEach(({ centre }, group) => {
    for (const [stem, weight] of centre.words) {
      let list = postings.get(stem);
      if (!list) postings.set(stem, (list = []));
      list.push({ group, weight });
    }
  });
  const wordDots = new Float64Array(groups.length);
  return points.map((point) => {
    wordDots.fill(0);
    for (const [stem, weight] of point.words) for (const posting of postings.get(stem) ?? []) wordDots[posting.group]! += weight * posting.weight;
    let nearest: Group | null = null;
    let nearestDistance = Infinity;
    groups.forEach((group, g) => {
      const { centre } = group;
      const vectorDot = comparable(point.vector, centre.vector) ? dotVectors(point.vector!, centre.vector!) : 0;
      const distance = meanSquaredDistance(point, centre, vectorDot, wordDots[g]!);
      if (distance < nearestDistance) {
        nearest = group;
        nearestDistance = distance;
      }
    });
    return { group: nearest, distance: nearestDistance };
  });
}

/** The squared distance of each pair of points, condensed for averageLinkageGroups: n^2/2 dot products, the grouping's main cost. */
function pairDistances(points: readonly Point[]): Float32Array {
  const n = points.length;
  const distances = new Float32Array((n * (n - 1)) / 2);
  // The vectors side by side in one array, read in fours: five times faster than each point's own array.
  const dimensions = points.find((point) => point.vector)?.vector?.length ?? 0;
  const packed = new Float32Array(n * dimensions);
  points.forEach((point, i) => {
    if (point.vector?.length === dimensions) packed.set(point.vector, i * dimensions);
  });
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
  const wordDots = new Float64Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    for (const [stem, weight] of a.words) {
      const list = postings.get(stem)!;
      list.cursor += 1;
      for (let k = list.cursor; k < list.points.length; k++) wordDots[list.points[k]!]! += weight * list.weights[k]!;
    }
    const rowA = i * dimensions;
    for (let j = i + 1; j < n; j++) {
      const b = points[j]!;
      let vectorDot = 0;
      if (comparable(a.vector, b.vector)) {
        const rowB = j * dimensions;
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        let d = 0;
        for (; d + 3 < dimensions; d += 4) {
          s0 += packed[rowA + d]! * packed[rowB + d]!;
          s1 += packed[rowA + d + 1]! * packed[rowB + d + 1]!;
          s2 += packed[rowA + d + 2]! * packed[rowB + d + 2]!;
          s3 += packed[rowA + d + 3]! * packed[rowB + d + 3]!;
        }
        for (; d < dimensions; d++) s0 += packed[rowA + d]! * packed[rowB + d]!;
        vectorDot = s0 + s1 + s2 + s3;
      }
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
