import { describe, expect, it } from 'vitest';
import { groupQuestions, type GroupingResult, type QuestionToGroup, type StoredCluster } from './index';
import { groupBatch, MAX_CLUSTERS_REGROUPED, NEW_TOPIC_PREFIX, topicsOfClusters, type ClusterToRegroup } from './regroup';
import { MAX_KNOWN_STEMS } from './words';

/**
 * Questions of four clearly separate meanings, written by hand, the questions of one meaning sharing
 * a word or two as a lexical project needs. In a semantic project each question also has a sentence
 * vector: here one made from its meaning's direction and a little of its own, as an encoder puts
 * paraphrases near each other and other meanings far away.
 */
const meanings = {
  card: [
    'Where is my new card?',
    'My new card never arrived',
    'Has my new card been sent?',
    'I am waiting for my new card to be delivered',
    'Delivery of my new card',
    'Is my new card on its way?',
  ],
  password: [
    'How do I reset my password?',
    'I forgot my password',
    'Can I change my password?',
    'The password reset link is broken',
    'Password reset please',
    'I need to change my login password',
  ],
  hours: [
    'What are your opening hours?',
    'Opening hours on Sunday?',
    'What are the opening hours today?',
    'Are your opening hours longer on public holidays?',
    'Opening hours in the morning?',
    'Saturday opening hours?',
  ],
  refund: [
    'How do I get a refund?',
    'I want a refund for these shoes',
    'Can I return the shoes for a refund?',
    'Has my refund been paid?',
    'My refund is late',
    'How many days does a refund take?',
  ],
} as const;
type Meaning = keyof typeof meanings;

const DIMENSIONS = 512;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32) - 0.5;
}

function unit(values: Float32Array): Float32Array {
  let norm = 0;
  for (const value of values) norm += value * value;
  return values.map((value) => value / Math.sqrt(norm));
}

const directions = new Map(Object.keys(meanings).map((meaning, i) => [meaning, unit(Float32Array.from({ length: DIMENSIONS }, random(1000 + i)))]));

/** A paraphrase's vector: its meaning's direction, with a third as much of its own. */
function vectorOf(meaning: Meaning, seed: number): Float32Array {
  const own = random(seed);
  const direction = directions.get(meaning)!;
  return unit(direction.map((value) => value + own() / Math.sqrt(DIMENSIONS / 12) / 3));
}

function questionsOf(meaning: Meaning, range: [number, number], semantic: boolean): QuestionToGroup[] {
  return meanings[meaning].slice(...range).map((text, i) => ({ id: `${meaning}-${range[0] + i}`, text, vector: semantic ? vectorOf(meaning, range[0] + i + 1) : null }));
}

function allQuestions(range: [number, number], semantic: boolean): QuestionToGroup[] {
  return (Object.keys(meanings) as Meaning[]).flatMap((meaning) => questionsOf(meaning, range, semantic));
}

/** The project's clusters after a result, as the job stores them: created ones get an id, changed ones are replaced. */
function stored(clusters: readonly StoredCluster[], result: GroupingResult): StoredCluster[] {
  const kept = new Map(clusters.map((cluster) => [cluster.id, cluster]));
  for (const cluster of result.changed) kept.set(cluster.id, cluster);
  for (const cluster of result.created) kept.set(`stored-${cluster.key}`, { id: `stored-${cluster.key}`, size: cluster.size, label: cluster.label, centre: JSON.parse(JSON.stringify(cluster.centre)) as Record<string, unknown> });
  return [...kept.values()];
}

/** The questions of each cluster: ids grouped by the cluster they joined. */
function clustersOf(result: GroupingResult): string[][] {
  const groups = new Map<string, string[]>();
  for (const [question, cluster] of result.joined) groups.set(cluster, [...(groups.get(cluster) ?? []), question]);
  return [...groups.values()].map((ids) => ids.sort()).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const meaningOf = (id: string) => id.slice(0, id.indexOf('-'));

describe.each([
  ['semantic', true],
  ['lexical', false],
] as const)('clustering failed questions (%s)', (_understanding, semantic) => {
  it('puts paraphrases in one cluster and questions of different meanings in different clusters', () => {
    const result = groupQuestions({}, [], allQuestions([0, 6], semantic));
    expect(result.joined.size).toBe(24);
    const clusters = clustersOf(result);
    expect(clusters.map((ids) => ids.map(meaningOf))).toEqual([Array(6).fill('card'), Array(6).fill('hours'), Array(6).fill('password'), Array(6).fill('refund')]);
    expect(result.created.map((cluster) => cluster.size).sort()).toEqual([6, 6, 6, 6]);
    expect(result.changed).toEqual([]);
  });

  it('labels a cluster with one of its questions, the most central', () => {
    const result = groupQuestions({}, [], allQuestions([0, 6], semantic));
    for (const cluster of result.created) {
      const members = [...result.joined].filter(([, key]) => key === cluster.key).map(([id]) => id);
      const texts = members.map((id) => meanings[meaningOf(id) as Meaning][Number(id.slice(id.indexOf('-') + 1))]);
      expect(texts).toContain(cluster.label);
    }
  });

  it('lets a later batch join the existing clusters, and a new meaning start its own', () => {
    const first = groupQuestions({}, [], allQuestions([0, 4], semantic));
    const clusters = stored([], first);
    expect(clusters).toHaveLength(4);
    const clusterByMeaning = new Map(clusters.map((cluster) => [meaningOf([...first.joined].find(([, key]) => `stored-${key}` === cluster.id)![0]), cluster]));

    const weather = { id: 'weather-0', text: 'Will it rain in Paris tomorrow afternoon?', vector: semantic ? unit(Float32Array.from({ length: DIMENSIONS }, random(99))) : null };
    const second = groupQuestions(first.state, clusters, [...allQuestions([4, 6], semantic), weather]);
    for (const [question, cluster] of second.joined) {
      if (question === 'weather-0') continue;
      expect(cluster).toBe(clusterByMeaning.get(meaningOf(question))!.id);
    }
    expect(second.created).toHaveLength(1);
    expect(second.joined.get('weather-0')).toBe(second.created[0]!.key);
    expect(second.created[0]).toMatchObject({ size: 1, label: weather.text });
    // Each cluster that took questions is reported with its new size, and only those.
    expect(second.changed.map((cluster) => cluster.size)).toEqual([6, 6, 6, 6]);
    expect(new Set(second.changed.map((cluster) => cluster.id))).toEqual(new Set(clusters.map((cluster) => cluster.id)));
  });

  it('gives the same result for the same input', () => {
    const questions = allQuestions([0, 6], semantic);
    const once = groupQuestions({}, [], questions);
    const again = groupQuestions({}, [], questions);
    expect(again).toEqual(once);
    const later = groupQuestions(once.state, stored([], once), allQuestions([2, 5], semantic));
    expect(groupQuestions(once.state, stored([], once), allQuestions([2, 5], semantic))).toEqual(later);
  });

  it('gives every question a cluster, even one unlike any other', () => {
    const result = groupQuestions({}, [], [{ id: 'alone', text: 'Zebras?', vector: semantic ? vectorOf('card', 7) : null }]);
    expect(result.created).toHaveLength(1);
    expect(result.joined.get('alone')).toBe(result.created[0]!.key);
    expect(groupQuestions(result.state, [], [])).toMatchObject({ joined: new Map(), changed: [], created: [] });
  });
});

describe('the grouping state', () => {
  it('stays bounded however many different words the questions use', () => {
    let state: Record<string, unknown> = {};
    let clusters: StoredCluster[] = [];
    const next = random(5);
    const word = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor((next() + 0.5) * 26))).join('');
    for (let batch = 0; batch < 6; batch++) {
      const questions = Array.from({ length: 400 }, (_, i) => ({ id: `${batch}-${i}`, text: `${word()} ${word()} ${word()} ${word()} ${word()}`, vector: null }));
      const result = groupQuestions(state, clusters, questions);
      state = result.state;
      clusters = stored(clusters, result);
    }
    expect(Object.keys(state.stems as object).length).toBeLessThanOrEqual(MAX_KNOWN_STEMS);
    expect(state.documents).toBe(2400);
    expect(JSON.stringify(state).length).toBeLessThan(20 * MAX_KNOWN_STEMS);
  });

  it('keeps a cluster centre bounded however many questions join it', () => {
    let state: Record<string, unknown> = {};
    let clusters: StoredCluster[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const questions = Array.from({ length: 100 }, (_, i) => ({ id: `${batch}-${i}`, text: `My card has not arrived, order ${batch}-${i} word${batch * 100 + i}`, vector: vectorOf('card', batch * 100 + i + 1) }));
      const result = groupQuestions(state, clusters, questions);
      state = result.state;
      clusters = stored(clusters, result);
    }
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.size).toBe(500);
    expect(JSON.stringify(clusters[0]!.centre).length).toBeLessThan(8_000);
  });
});

describe('regrouping clusters into topics', () => {
  /** One cluster per question, of the topic given (null: made by the batch just grouped). */
  function singletons(questions: readonly QuestionToGroup[], topicOf: (id: string) => string | null = () => null): ClusterToRegroup[] {
    // The words weighed as in a project that has seen every meaning's questions.
    const { state } = groupQuestions({}, [], allQuestions([0, 6], questions[0]!.vector !== null));
    return questions.map((question) => {
      const { key, ...cluster } = groupQuestions(state, [], [question]).created[0]!;
      return { ...cluster, id: key, topicId: topicOf(key) };
    });
  }

  /** The clusters of each topic, by their ids. */
  function topicsOf(topicOf: ReadonlyMap<string, string>): string[][] {
    const groups = new Map<string, string[]>();
    for (const [cluster, topic] of topicOf) groups.set(topic, [...(groups.get(topic) ?? []), cluster]);
    return [...groups.values()].map((ids) => ids.sort()).sort((a, b) => a[0]!.localeCompare(b[0]!));
  }

  it('puts the clusters of one meaning in one topic and keeps a small inbox of single questions apart by meaning', () => {
    const clusters = (Object.keys(meanings) as Meaning[]).flatMap((meaning) => singletons(questionsOf(meaning, [0, 3], true)));
    const { topicOf, absorbed } = topicsOfClusters(clusters);
    expect(topicsOf(topicOf).map((ids) => ids.map(meaningOf))).toEqual([Array(3).fill('card'), Array(3).fill('hours'), Array(3).fill('password'), Array(3).fill('refund')]);
    for (const topic of topicOf.values()) expect(topic.startsWith(NEW_TOPIC_PREFIX)).toBe(true);
    expect(absorbed.size).toBe(0);
  });

  it('keeps the id of the topic that held most of a group, and hands a topic left empty to the group that took its questions', () => {
    const held = new Map([
      ['card-0', 'older'],
      ['card-1', 'larger'],
      ['card-2', 'larger'],
      ['hours-0', 'hours'],
    ]);
    const clusters = [...singletons(questionsOf('card', [0, 4], true), (id) => held.get(id) ?? null), ...singletons(questionsOf('hours', [0, 2], true), (id) => held.get(id) ?? null)];
    const { topicOf, absorbed } = topicsOfClusters(clusters);
    expect(['card-0', 'card-1', 'card-2', 'card-3'].map((id) => topicOf.get(id))).toEqual(Array(4).fill('larger'));
    expect(['hours-0', 'hours-1'].map((id) => topicOf.get(id))).toEqual(['hours', 'hours']);
    expect(absorbed).toEqual(new Map([['older', 'larger']]));
  });

  it('absorbs no topic that keeps clusters older than the ones regrouped', () => {
    const [model] = singletons(questionsOf('card', [0, 1], true));
    // The oldest cluster is not regrouped; the topic it shares with a recent one must stay.
    const clusters: ClusterToRegroup[] = Array.from({ length: MAX_CLUSTERS_REGROUPED + 1 }, (_, i) => ({ ...model!, id: `c${i}`, topicId: i <= 1 ? 'kept' : 'most' }));
    const { topicOf, absorbed } = groupBatch({}, clusters, []);
    expect(topicOf.has('c0')).toBe(false);
    expect(topicOf.get('c1')).toBe('most');
    expect(absorbed.size).toBe(0);
  });

  it('leaves each cluster compared by words alone as a topic of its own', () => {
    const clusters = singletons(questionsOf('card', [0, 3], false), (id) => `topic-${id}`);
    expect(topicsOfClusters(clusters)).toEqual({ topicOf: new Map(clusters.map((cluster) => [cluster.id, cluster.topicId!])), absorbed: new Map() });
  });

  it('groups a batch into the clusters and the clusters into topics, new questions of a known meaning joining its topic', () => {
    const first = groupBatch({}, [], allQuestions([0, 4], true));
    const clusters = first.created.map(({ key, ...cluster }) => ({ ...cluster, id: key, topicId: `topic-of-${key}` }));
    expect(new Set(first.topicOf.values()).size).toBe(4);
    const second = groupBatch(first.state, clusters, [...questionsOf('refund', [4, 6], true)]);
    const refundCluster = clusters.find((cluster) => meaningOf(cluster.id) === 'refund')!;
    expect(second.created).toEqual([]);
    expect([...second.joined.values()]).toEqual([refundCluster.id, refundCluster.id]);
    expect(second.topicOf.get(refundCluster.id)).toBe(refundCluster.topicId);
    expect(new Set(second.topicOf.values())).toEqual(new Set(clusters.map((cluster) => cluster.topicId)));
  });
});
