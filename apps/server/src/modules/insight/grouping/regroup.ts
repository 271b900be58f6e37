import { dotAt, packVectors, squaredDistance, type Centre, type Point } from './centre';
import { dotWords } from './words';
import { decodeCentre } from './stored-centre';
import { groupQuestions, type GroupingResult, type QuestionToGroup, type StoredCluster } from './index';
import { linkageGroups, pairIndex, wardLinkage } from './linkage';

/**
 * The inbox's topics, made of clusters (pure: no I/O, deterministic). Questions join clusters as they
 * arrive (index.ts): tight groups of paraphrases that never merge, split or lose a question. After
 * each batch the clusters are grouped afresh into topics by Ward's linkage over their centres, which
 * weighs their sizes, so a few broad topics cannot swallow their neighbours as they do when questions
 * join topics directly (Banking77's test questions: 150 topics of purity 0.49 that way, about 140 of
 * 0.61 this way). Two rules keep unrelated questions apart where Ward's cost alone would not, as in a
 * small inbox whose clusters are single questions: groups whose questions are on average APART_CUT
 * or more apart never merge, and a cluster on average farther than OUTSIDER_CUT from the rest of its
 * group is a topic of its own.
 *
 * Topics keep their ids, and with them their fixes and dismissals: each group takes the id of the
 * topic that held most of its questions, and a topic whose questions all went elsewhere is absorbed
 * by the one that took most of them.
 */

/** Ward's cost (what a merge adds to the questions' squared distances to their centre, times two) below which groups share a topic. */
export const TOPIC_CUT = 2.6;
/** Two groups whose questions are on average this far apart (mean squared distance) never share a topic. */
export const APART_CUT = 1.35;
/** A cluster whose questions are on average this far from the rest of its group's is a topic of its own. */
export const OUTSIDER_CUT = 1.7;
/** The clusters regrouped at once (the most recently joined): their pair matrices take 8 bytes a pair. */
export const MAX_CLUSTERS_REGROUPED = 2_000;
/** A new topic's key: this and its first cluster's id. */
export const NEW_TOPIC_PREFIX = 'new:';

export interface ClusterToRegroup extends StoredCluster {
  /** Its topic now; null for a cluster made by the batch just grouped. */
  topicId: string | null;
}

export interface Regrouping {
  /** Each cluster's topic: an existing topic's id or a new topic's key (NEW_TOPIC_PREFIX). */
  topicOf: Map<string, string>;
  /** Topics left without a cluster, each with the topic that took most of its questions. */
  absorbed: Map<string, string>;
}

/**
 * A batch as the grouping job takes it: the questions join the clusters (`clusters` ordered by when a
 * question last joined them, oldest first), then the most recently joined clusters are regrouped. A
 * created cluster's id is its key.
 */
export function groupBatch(state: Record<string, unknown>, clusters: readonly ClusterToRegroup[], questions: readonly QuestionToGroup[]): GroupingResult & Regrouping {
  const grouped = groupQuestions(state, clusters, questions);
  const changed = new Map(grouped.changed.map((cluster) => [cluster.id, cluster]));
  const ordered = [
    ...clusters.filter((cluster) => !changed.has(cluster.id)),
    ...clusters.filter((cluster) => changed.has(cluster.id)).map((cluster) => ({ ...cluster, ...changed.get(cluster.id)! })),
    ...grouped.created.map(({ key, ...cluster }) => ({ id: key, topicId: null, ...cluster })),
  ];
  const regrouping = topicsOfClusters(ordered.slice(-MAX_CLUSTERS_REGROUPED));
  // A topic that keeps clusters not regrouped this time is no topic left empty.
  for (const cluster of ordered.slice(0, -MAX_CLUSTERS_REGROUPED)) if (cluster.topicId) regrouping.absorbed.delete(cluster.topicId);
  return { ...grouped, ...regrouping };
}

interface Regrouped {
  cluster: ClusterToRegroup;
  centre: Centre | null;
}

export function topicsOfClusters(clusters: readonly ClusterToRegroup[]): Regrouping {
  const decoded: Regrouped[] = clusters.map((cluster) => ({ cluster, centre: decodeCentre(cluster.centre, cluster.size)?.centre ?? null }));
  // A cluster compared by words alone (a lexical project's) is its own topic: Ward's costs over word
  // weights alone have no cut that means the same.
  const groups: Regrouped[][] = [];
  const meant = decoded.filter((entry) => entry.centre?.vector);
  for (const entry of decoded) if (!entry.centre?.vector) groups.push([entry]);
  groups.push(...groupsOfCentres(meant));
  return keepIds(groups);
}

/** Ward's linkage over the centres, with the apart rule, then outsiders split off. */
function groupsOfCentres(entries: readonly Regrouped[]): Regrouped[][] {
  const n = entries.length;
  const ward = new Float32Array((n * (n - 1)) / 2);
  const apart = new Float32Array(ward.length);
  const spread = entries.map(({ centre }) => spreadPoint(centre!));
  const { packed, dimensions } = packVectors(entries.map(({ centre }) => centre!.vector));
  for (let i = 0; i < n; i++) {
    const a = entries[i]!.centre!;
    for (let j = i + 1; j < n; j++) {
      const b = entries[j]!.centre!;
      const at = pairIndex(n, i, j);
      const vectorDot = dotAt(packed, i * dimensions, packed, j * dimensions, dimensions);
      const wordDot = dotWords(a.words, b.words);
      ward[at] = ((a.size * b.size) / (a.size + b.size)) * squaredDistance(a, b, vectorDot, wordDot);
      apart[at] = squaredDistance(spread[i]!, spread[j]!, vectorDot, wordDot);
    }
  }
  const sizes = entries.map(({ centre }) => centre!.size);
  // The Ward matrix is overwritten by the merges: the outsiders are judged on a copy of the apart one.
  const between = apart.slice();
  const groups: Regrouped[][] = [];
  for (const members of linkageGroups(wardLinkage, n, ward, TOPIC_CUT, sizes, { distances: apart, cut: APART_CUT })) {
    const outsiders = members.filter((i) => members.length > 1 && meanDistanceToRest(i, members, between, sizes, n) > OUTSIDER_CUT);
    const kept = members.filter((i) => !outsiders.includes(i));
    if (kept.length) groups.push(kept.map((i) => entries[i]!));
    for (const i of outsiders) groups.push([entries[i]!]);
  }
  return groups;
}

/**
 * A centre whose norms are its questions' mean squared norms: the squared distance of two such is the
 * mean squared distance between the questions of one and those of the other.
 */
function spreadPoint(centre: Centre): Point {
  return { vector: centre.vector, vectorNorm: centre.vectorSquares, words: centre.words, wordsNorm: centre.wordsSquares };
}

function meanDistanceToRest(i: number, members: readonly number[], between: Float32Array, sizes: readonly number[], n: number): number {
  let weighted = 0;
  let questions = 0;
  for (const j of members) {
    if (j === i) continue;
    weighted += sizes[j]! * between[i < j ? pairIndex(n, i, j) : pairIndex(n, j, i)]!;
    questions += sizes[j]!;
  }
  return weighted / questions;
}

/**
 * Gives each group a topic id: the topic that held most of its questions, the largest share first;
 * a group that gets none is a new topic, and a topic no group got is absorbed by the group that took
 * most of its questions.
 */
function keepIds(groups: readonly Regrouped[][]): Regrouping {
  const shares: { group: number; topicId: string; questions: number }[] = [];
  groups.forEach((members, group) => {
    const held = new Map<string, number>();
    for (const { cluster } of members) if (cluster.topicId) held.set(cluster.topicId, (held.get(cluster.topicId) ?? 0) + cluster.size);
    for (const [topicId, questions] of held) shares.push({ group, topicId, questions });
  });
  shares.sort((a, b) => b.questions - a.questions || a.group - b.group || (a.topicId < b.topicId ? -1 : 1));
  const idOf = new Map<number, string>();
  const taken = new Set<string>();
  for (const share of shares) {
    if (idOf.has(share.group) || taken.has(share.topicId)) continue;
    idOf.set(share.group, share.topicId);
    taken.add(share.topicId);
  }
  const topicOf = new Map<string, string>();
  groups.forEach((members, group) => {
    const id = idOf.get(group) ?? `${NEW_TOPIC_PREFIX}${members[0]!.cluster.id}`;
    for (const { cluster } of members) topicOf.set(cluster.id, id);
  });
  const absorbed = new Map<string, string>();
  for (const share of shares) {
    if (taken.has(share.topicId) || absorbed.has(share.topicId)) continue;
    // The group had no id of its own before this share, or it would have taken this one.
    absorbed.set(share.topicId, idOf.get(share.group)!);
  }
  return { topicOf, absorbed };
}
