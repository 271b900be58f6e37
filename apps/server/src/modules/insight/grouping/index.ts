import { addPoints, comparable, dotVectors, emptyCentre, questionPoint, squaredDistance, type Centre, type Point } from './centre';
import { decodeCentre, encodeCentre } from './stored-centre';
import { wardGroups } from './ward';
import { countStems, readFrequencies, weigh, writeFrequencies } from './words';

/**
 * Failed questions grouped by meaning into topics, as they arrive (pure: no I/O, deterministic).
 * A question is its sentence vector beside the TF-IDF weights of its word stems (centre.ts). A batch
 * of new questions first joins the existing topics: each question the nearest one, when Ward's cost
 * of adding it (how much it spreads the topic) is below the cut. The rest are clustered among
 * themselves by Ward's method stopped at the same cut, each group a new topic. Topics never merge,
 * split or lose questions, so a topic keeps its id and its fixes; the cut is a distance in meaning,
 * so how many topics there are follows from the questions, not from their number.
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
 * The most a topic may spread to take a question or a group: Ward's cost of a merge, the squared
 * distance it adds. For two single questions it is half their squared distance, so two questions
 * share a topic when their squared distance (centre.ts) is below twice the cut.
 */
export const GROUPING_CUT = 0.6;
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
    nearestGroups(groups, points).forEach(({ group, cost }, i) => {
      if (group && cost < GROUPING_CUT) joining.set(group, [...(joining.get(group) ?? []), i]);
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
    for (const members of wardGroups(alone.length, pairCosts(alone.map((i) => points[i]!)), GROUPING_CUT)) {
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

/** Each point's nearest group by Ward's cost of adding it (a group of n: n/(n+1) times the squared distance); ties go to the earlier group. */
function nearestGroups(groups: readonly Group[], points: readonly Point[]): { group: Group | null; cost: number }[] {
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
    let nearestCost = Infinity;
    groups.forEach((group, g) => {
      const { centre } = group;
      const vectorDot = comparable(point.vector, centre.vector) ? dotVectors(point.vector!, centre.vector!) : 0;
      const cost = (centre.size / (centre.size + 1)) * squaredDistance(point, centre, vectorDot, wordDots[g]!);
      if (cost < nearestCost) {
        nearest = group;
        nearestCost = cost;
      }
    });
    return { group: nearest, cost: nearestCost };
  });
}

/** The cost of merging each pair of single points (half their squared distance), condensed for wardGroups. */
function pairCosts(points: readonly Point[]): Float32Array {
  const n = points.length;
  const costs = new Float32Array((n * (n - 1)) / 2);
  const postings = new Map<string, { point: number; weight: number }[]>();
  points.forEach((point, index) => {
    for (const [stem, weight] of point.words) {
      let list = postings.get(stem);
      if (!list) postings.set(stem, (list = []));
      list.push({ point: index, weight });
    }
  });
  // Row i's word dot products with the later points, gathered through the shared stems.
  const wordDots = new Float64Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    for (const [stem, weight] of a.words) for (const posting of postings.get(stem)!) if (posting.point > i) wordDots[posting.point]! += weight * posting.weight;
    for (let j = i + 1; j < n; j++) {
      const b = points[j]!;
      const vectorDot = comparable(a.vector, b.vector) ? dotVectors(a.vector!, b.vector!) : 0;
      costs[at++] = squaredDistance(a, b, vectorDot, wordDots[j]!) / 2;
      wordDots[j] = 0;
    }
  }
  return costs;
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
