import { describe, expect, it } from 'vitest';
import { groupQuestions, type GroupingResult, type QuestionToGroup, type StoredTopic } from './index';
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

/** The project's topics after a result, as the job stores them: created ones get an id, changed ones are replaced. */
function stored(topics: readonly StoredTopic[], result: GroupingResult): StoredTopic[] {
  const kept = new Map(topics.map((topic) => [topic.id, topic]));
  for (const topic of result.changed) kept.set(topic.id, topic);
  for (const topic of result.created) kept.set(`stored-${topic.key}`, { id: `stored-${topic.key}`, size: topic.size, label: topic.label, centre: JSON.parse(JSON.stringify(topic.centre)) as Record<string, unknown> });
  return [...kept.values()];
}

/** The questions of each topic: ids grouped by the topic they joined. */
function topicsOf(result: GroupingResult): string[][] {
  const groups = new Map<string, string[]>();
  for (const [question, topic] of result.joined) groups.set(topic, [...(groups.get(topic) ?? []), question]);
  return [...groups.values()].map((ids) => ids.sort()).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const meaningOf = (id: string) => id.slice(0, id.indexOf('-'));

describe.each([
  ['semantic', true],
  ['lexical', false],
] as const)('grouping failed questions (%s)', (_understanding, semantic) => {
  it('puts questions of one meaning in one topic and questions of different meanings in different topics', () => {
    const result = groupQuestions({}, [], allQuestions([0, 6], semantic));
    expect(result.joined.size).toBe(24);
    const topics = topicsOf(result);
    expect(topics.map((ids) => ids.map(meaningOf))).toEqual([Array(6).fill('card'), Array(6).fill('hours'), Array(6).fill('password'), Array(6).fill('refund')]);
    expect(result.created.map((topic) => topic.size).sort()).toEqual([6, 6, 6, 6]);
    expect(result.changed).toEqual([]);
  });

  it('labels a topic with one of its questions, the most central', () => {
    const result = groupQuestions({}, [], allQuestions([0, 6], semantic));
    for (const topic of result.created) {
      const members = [...result.joined].filter(([, key]) => key === topic.key).map(([id]) => id);
      const texts = members.map((id) => meanings[meaningOf(id) as Meaning][Number(id.slice(id.indexOf('-') + 1))]);
      expect(texts).toContain(topic.label);
    }
  });

  it('lets a later batch join the existing topics, and a new meaning start its own', () => {
    const first = groupQuestions({}, [], allQuestions([0, 4], semantic));
    const topics = stored([], first);
    expect(topics).toHaveLength(4);
    const topicByMeaning = new Map(topics.map((topic) => [meaningOf([...first.joined].find(([, key]) => `stored-${key}` === topic.id)![0]), topic]));

    const weather = { id: 'weather-0', text: 'Will it rain in Paris tomorrow afternoon?', vector: semantic ? unit(Float32Array.from({ length: DIMENSIONS }, random(99))) : null };
    const second = groupQuestions(first.state, topics, [...allQuestions([4, 6], semantic), weather]);
    for (const [question, topic] of second.joined) {
      if (question === 'weather-0') continue;
      expect(topic).toBe(topicByMeaning.get(meaningOf(question))!.id);
    }
    expect(second.created).toHaveLength(1);
    expect(second.joined.get('weather-0')).toBe(second.created[0]!.key);
    expect(second.created[0]).toMatchObject({ size: 1, label: weather.text });
    // Each topic that took questions is reported with its new size, and only those.
    expect(second.changed.map((topic) => topic.size)).toEqual([6, 6, 6, 6]);
    expect(new Set(second.changed.map((topic) => topic.id))).toEqual(new Set(topics.map((topic) => topic.id)));
  });

  it('gives the same result for the same input', () => {
    const questions = allQuestions([0, 6], semantic);
    const once = groupQuestions({}, [], questions);
    const again = groupQuestions({}, [], questions);
    expect(again).toEqual(once);
    const later = groupQuestions(once.state, stored([], once), allQuestions([2, 5], semantic));
    expect(groupQuestions(once.state, stored([], once), allQuestions([2, 5], semantic))).toEqual(later);
  });

  it('gives every question a topic, even one unlike any other', () => {
    const result = groupQuestions({}, [], [{ id: 'alone', text: 'Zebras?', vector: semantic ? vectorOf('card', 7) : null }]);
    expect(result.created).toHaveLength(1);
    expect(result.joined.get('alone')).toBe(result.created[0]!.key);
    expect(groupQuestions(result.state, [], [])).toMatchObject({ joined: new Map(), changed: [], created: [] });
  });
});

describe('the grouping state', () => {
  it('stays bounded however many different words the questions use', () => {
    let state: Record<string, unknown> = {};
    let topics: StoredTopic[] = [];
    const next = random(5);
    const word = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor((next() + 0.5) * 26))).join('');
    for (let batch = 0; batch < 6; batch++) {
      const questions = Array.from({ length: 400 }, (_, i) => ({ id: `${batch}-${i}`, text: `${word()} ${word()} ${word()} ${word()} ${word()}`, vector: null }));
      const result = groupQuestions(state, topics, questions);
      state = result.state;
      topics = stored(topics, result);
    }
    expect(Object.keys(state.stems as object).length).toBeLessThanOrEqual(MAX_KNOWN_STEMS);
    expect(state.documents).toBe(2400);
    expect(JSON.stringify(state).length).toBeLessThan(20 * MAX_KNOWN_STEMS);
  });

  it('keeps a topic centre bounded however many questions join it', () => {
    let state: Record<string, unknown> = {};
    let topics: StoredTopic[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const questions = Array.from({ length: 100 }, (_, i) => ({ id: `${batch}-${i}`, text: `My card has not arrived, order ${batch}-${i} word${batch * 100 + i}`, vector: vectorOf('card', batch * 100 + i + 1) }));
      const result = groupQuestions(state, topics, questions);
      state = result.state;
      topics = stored(topics, result);
    }
    expect(topics).toHaveLength(1);
    expect(topics[0]!.size).toBe(500);
    expect(JSON.stringify(topics[0]!.centre).length).toBeLessThan(8_000);
  });
});
