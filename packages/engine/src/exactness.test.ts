import { describe, expect, it } from 'vitest';
import { emptyModel, scoreInto, seededRandom, train } from './classifier';
import { denseKernels } from './dense-kernels';
import { contentStemsOf, featuresOfWord, isStopWord, words } from './text';
import { buildLexicalIndex, rank, type LexicalDocument } from './rank';
import { topPositions } from './top';
import { buildVocabulary, readQuestion, type SparseVector, type Vocabulary } from './vectorizer';

/**
 * The fast paths of answering and compiling must give the same bits as the plain computations they
 * replace (a trained model or a trace that changed with a speed-up would be a silent regression).
 * Each is compared here with the plain computation, written as simply as possible.
 */

const random = seededRandom(41);

describe('scoreInto', () => {
  /** One feature row at a time, in feature order. */
  function plainScores(weights: Float32Array, bias: Float64Array, x: SparseVector): Float64Array {
    const classes = bias.length;
    const out = Float64Array.from(bias);
    x.ids.forEach((id, k) => {
      for (let c = 0; c < classes; c++) out[c] = out[c]! + weights[id * classes + c]! * x.values[k]!;
    });
    return out;
  }

  it('adds the rows in feature order, to the last bit, for vectors of any length', () => {
    for (const classes of [1, 3, 8, 13]) {
      const model = emptyModel(64, classes);
      for (let i = 0; i < model.weights.length; i++) model.weights[i] = (random() - 0.5) * 10 ** Math.floor(random() * 6 - 3);
      for (let c = 0; c < classes; c++) model.bias[c] = random() - 0.5;
      for (let length = 0; length <= 40; length++) {
        const ids = Int32Array.from(new Set(Array.from({ length }, () => Math.floor(random() * 64)))).sort();
        const x = { ids, values: Float32Array.from(ids, () => random()) };
        expect(Array.from(scoreInto(model, x, new Float64Array(classes)))).toEqual(Array.from(plainScores(model.weights, model.bias, x)));
      }
    }
  });
});

describe('topPositions', () => {
  /** Sorting every position. */
  function plainTop(values: ArrayLike<number>, count: number, among: Iterable<number>): number[] {
    return Array.from(among)
      .sort((a, b) => values[b]! - values[a]! || a - b)
      .slice(0, count);
  }

  it('keeps the largest values, ties by lower position, among all positions or some', () => {
    for (let n = 0; n < 2000; n++) {
      const length = Math.floor(random() * 40);
      // Few distinct values, so that ties are common.
      const values = Float64Array.from({ length }, () => Math.floor(random() * 6) / 4);
      const count = 1 + Math.floor(random() * 12);
      // In position order: a value equal to the smallest kept is then never an earlier position.
      const among = Int32Array.from(new Set(Array.from({ length: Math.floor(random() * length) }, () => Math.floor(random() * length)))).sort();
      expect(topPositions(values, count)).toEqual(plainTop(values, count, values.keys()));
      expect(topPositions(values, count, among)).toEqual(plainTop(values, count, among));
    }
  });
});

describe('readQuestion', () => {
  /** Counting in a map and finding stem pairs by their feature names, as the vocabulary names them. */
  function plainVector(vocabulary: Vocabulary, wordList: string[]): { ids: number[]; values: number[]; stems: string[] } {
    const counts = new Map<number, number>();
    const count = (id: number | undefined) => id !== undefined && counts.set(id, (counts.get(id) ?? 0) + 1);
    let previous: string | null = null;
    for (const word of wordList) {
      const { stem, grams } = featuresOfWord(word);
      count(vocabulary.ids.get(`w:${stem}`));
      for (const gram of grams) count(vocabulary.ids.get(gram));
      if (previous !== null) count(vocabulary.ids.get(`b:${previous} ${stem}`));
      previous = stem;
    }
    const ids = [...counts.keys()].sort((a, b) => a - b);
    const weights = ids.map((id) => Math.fround((1 + Math.log(counts.get(id)!)) * vocabulary.idf[id]!));
    const norm = Math.sqrt(ids.reduce((sum, id) => sum + ((1 + Math.log(counts.get(id)!)) * vocabulary.idf[id]!) ** 2, 0)) || 1;
    return { ids, values: weights.map((weight) => Math.fround(weight / norm)), stems: wordList.filter((word) => !isStopWord(word)).map((word) => featuresOfWord(word).stem) };
  }

  const training = [
    'how do I return an item',
    'return a product for a refund',
    'refund refund refund, please',
    'when will my order arrive',
    'track my order 12345',
    'my order never arrived and I want a refund',
  ];
  const { vocabulary } = buildVocabulary(training.map(words));

  it('finds every stem pair of the training texts by its stems', () => {
    const pairFeatures = [...vocabulary.ids].filter(([feature]) => feature.startsWith('b:')).map(([, id]) => id);
    expect([...vocabulary.pairs.values()].sort((a, b) => a - b)).toEqual(pairFeatures.sort((a, b) => a - b));
  });

  it('reads a question as counting its feature names would', () => {
    const questions = [...training, 'refund my order order please', 'a brand new question about penguins', '', 'return return an item item', 'order arrive track refund'];
    for (const question of questions) {
      const read = readQuestion(vocabulary, words(question));
      const plain = plainVector(vocabulary, words(question));
      expect({ ids: Array.from(read.vector.ids), values: Array.from(read.vector.values), stems: read.stems }).toEqual(plain);
      expect(read.stems).toEqual(contentStemsOf(words(question)));
    }
  });
});

describe('rank', () => {
  /** Okapi BM25 computed from the texts for one question, the subject counting twice. */
  function plainRanking(documents: LexicalDocument[], question: string): { document: number; score: number }[] {
    const counts = documents.map((document) => {
      const found = new Map<string, number>();
      const texts: [string, number][] = [[document.subject, 2], ...document.utterances.map((text): [string, number] => [text, 1]), [document.responseText, 1]];
      for (const [text, weight] of texts) for (const term of contentStemsOf(words(text))) found.set(term, (found.get(term) ?? 0) + weight);
      return found;
    });
    const lengths = Float32Array.from(counts, (found) => [...found.values()].reduce((sum, count) => sum + count, 0));
    const averageLength = lengths.reduce((sum, length) => sum + length, 0) / documents.length;
    const scores = new Float64Array(documents.length);
    for (const term of new Set(contentStemsOf(words(question)))) {
      const df = counts.filter((found) => found.has(term)).length;
      const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
      counts.forEach((found, document) => {
        const tf = found.get(term);
        if (tf !== undefined) scores[document] = scores[document]! + (idf * tf * (1.2 + 1)) / (tf + 1.2 * (1 - 0.75 + (0.75 * lengths[document]!) / averageLength));
      });
    }
    return [...scores.keys()]
      .filter((document) => scores[document]! > 0)
      .sort((a, b) => scores[b]! - scores[a]! || a - b)
      .map((document) => ({ document, score: scores[document]! }));
  }

  it('scores documents as BM25 computed from the texts, to the last bit', () => {
    const documents: LexicalDocument[] = [
      { subject: 'Returns and refunds', utterances: ['how do I return an item', 'refund policy', 'I want my money back'], responseText: 'Return items within 30 days for a refund.' },
      { subject: 'Shipping times', utterances: ['when will my order arrive', 'how long does shipping take'], responseText: 'We ship within two days.' },
      { subject: 'Shipping to Europe', utterances: ['do you ship to europe', 'shipping to france'], responseText: 'Parcels to Europe arrive within five days.' },
      { subject: 'Opening hours', utterances: ['when are you open', 'business hours'], responseText: 'We are open from nine to five.' },
    ];
    const index = buildLexicalIndex(documents);
    for (const question of ['refund for a returned item', 'shipping shipping to europe', 'when do you open and when will my order arrive', 'penguins', '']) {
      expect(rank(index, contentStemsOf(words(question)), 100)).toEqual(plainRanking(documents, question));
    }
  });
});

describe('dense kernels', () => {
  // The one fast path that does not keep the bits of the loop it replaced: its sums are float32 lanes.
  // The kernels are held to the bits of that arithmetic, and training to the plain loop's result.
  const f = Math.fround;

  it('score: four running sums of four lanes, added as the kernel adds them, in float32', () => {
    for (const [classes, stride] of [[1, 16], [3, 32], [7, 512]] as const) {
      const kernels = denseKernels((classes * stride + stride + classes) * 4);
      const floats = new Float32Array(kernels.memory.buffer);
      for (let i = 0; i < classes * stride + stride; i++) floats[i] = (random() - 0.5) * 10 ** Math.floor(random() * 4 - 2);
      const vector = classes * stride;
      const out = vector + stride;
      kernels.score(0, vector * 4, out * 4, classes, stride);
      for (let c = 0; c < classes; c++) {
        const sums = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
        for (let d = 0; d < stride; d++) {
          const sum = sums[(d % 16) >> 2]!;
          sum[d % 4] = f(sum[d % 4]! + f(floats[c * stride + d]! * floats[vector + d]!));
        }
        const lanes = [0, 1, 2, 3].map((l) => f(f(sums[0]![l]! + sums[1]![l]!) + f(sums[2]![l]! + sums[3]![l]!)));
        expect(floats[out + c]).toBe(f(f(f(lanes[0]! + lanes[1]!) + lanes[2]!) + lanes[3]!));
      }
    }
  });

  it('update: each listed row less its step times the vector, in float32', () => {
    const classes = 5;
    const stride = 48;
    const list = classes * stride + stride;
    const kernels = denseKernels((list + 2 * classes) * 4);
    const floats = new Float32Array(kernels.memory.buffer);
    const ints = new Int32Array(kernels.memory.buffer);
    for (let i = 0; i < list; i++) floats[i] = random() - 0.5;
    const before = floats.slice(0, list);
    const steps = new Map([[3, 0.7], [0, -1.3]]);
    [...steps].forEach(([c, step], a) => {
      ints[list + 2 * a] = c;
      floats[list + 2 * a + 1] = step;
    });
    kernels.update(0, classes * stride * 4, list * 4, steps.size, stride);
    for (let c = 0; c < classes; c++) {
      const step = f(steps.get(c) ?? 0);
      for (let d = 0; d < stride; d++) {
        const expected = steps.has(c) ? f(before[c * stride + d]! - f(step * before[classes * stride + d]!)) : before[c * stride + d];
        expect(floats[c * stride + d]).toBe(expected);
      }
    }
  });

  it('train learns the dense features as the plain loop does, but for float32 rounding', () => {
    const words = 30;
    const dimensions = 20;
    const classes = 4;
    const xs = Array.from({ length: 200 }, (_, i) => {
      const ids = Int32Array.from(new Set(Array.from({ length: 4 }, () => Math.floor(random() * words)))).sort();
      // Every fifth text has no sentence vector, as a text the encoder left out.
      const dense = i % 5 ? dimensions : 0;
      return {
        ids: Int32Array.from([...ids, ...Array.from({ length: dense }, (_, d) => words + d)]),
        values: Float32Array.from([...ids].map(() => random()).concat(Array.from({ length: dense }, () => random() - 0.5 + (i % classes) / 4))),
      };
    });
    const ys = Int32Array.from(xs, (_, i) => i % classes);
    const options = { epochs: 2, learningRate: 0.5, seed: 3 };
    const plain = train(emptyModel(words + dimensions, classes), xs, ys, options);
    const dense = train(emptyModel(words + dimensions, classes), xs, ys, { ...options, denseFrom: words });
    // A small rate over two epochs: the float32 sums differ in the last bits, which many large steps would amplify.
    for (let i = 0; i < plain.weights.length; i++) expect(dense.weights[i]).toBeCloseTo(plain.weights[i]!, 5);
    for (let c = 0; c < classes; c++) expect(dense.bias[c]).toBeCloseTo(plain.bias[c]!, 5);
  });
});
