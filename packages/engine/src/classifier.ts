import { DENSE_BLOCK, denseKernels, type DenseKernels } from './dense-kernels';
import type { SparseVector } from './vectorizer';

/**
 * A multinomial logistic regression (softmax) over sparse TF-IDF vectors, trained by plain SGD with
 * a linearly decaying step. Written here because no maintained library trains a sparse softmax this
 * small and fast in a JavaScript process: it must compile 15,000 utterances in seconds and score a
 * question in microseconds. Weights are feature-major (all classes of a feature side by side), so
 * scoring a question reads a few hundred short contiguous runs.
 */

export interface SoftmaxModel {
  features: number;
  classes: number;
  /** features x classes, feature-major. */
  weights: Float32Array;
  bias: Float64Array;
}

interface TrainOptions {
  epochs: number;
  /** The first step; it decays linearly to 1% of itself over the epochs. */
  learningRate: number;
  seed: number;
  /** The first of the trailing dense features (the sentence vector), if the model has them. */
  denseFrom?: number;
}

/** Gradients smaller than this are skipped: after the first epoch most classes are far from every example. */
const NEGLIGIBLE_GRADIENT = 1e-2;

/** A small deterministic generator (LCG), so training is reproducible across runs and processes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function emptyModel(features: number, classes: number): SoftmaxModel {
  return { features, classes, weights: new Float32Array(features * classes), bias: new Float64Array(classes) };
}

/**
 * Raw class scores of one vector (written into `out`, length = classes): the hot loop of training
 * and answering. Eight feature rows at a time, so each score is read and written once per eight
 * products; the products are still added one by one in feature order, so the sums are the same
 * to the last bit as adding one row at a time. V8 runs it in half to two thirds of the time.
 */
export function scoreInto(model: SoftmaxModel, x: SparseVector, out: Float64Array): Float64Array {
  return scoreFirst(model, x, x.ids.length, out);
}

/** scoreInto over the vector's first `length` features only. */
function scoreFirst(model: SoftmaxModel, x: SparseVector, length: number, out: Float64Array): Float64Array {
  const { classes, weights } = model;
  const ids = x.ids;
  const values = x.values;
  out.set(model.bias);
  let k = 0;
  for (; k + 8 <= length; k += 8) {
    const r0 = ids[k]! * classes, r1 = ids[k + 1]! * classes, r2 = ids[k + 2]! * classes, r3 = ids[k + 3]! * classes;
    const r4 = ids[k + 4]! * classes, r5 = ids[k + 5]! * classes, r6 = ids[k + 6]! * classes, r7 = ids[k + 7]! * classes;
    const v0 = values[k]!, v1 = values[k + 1]!, v2 = values[k + 2]!, v3 = values[k + 3]!;
    const v4 = values[k + 4]!, v5 = values[k + 5]!, v6 = values[k + 6]!, v7 = values[k + 7]!;
    for (let c = 0; c < classes; c++) {
      out[c] =
        out[c]! +
        weights[r0 + c]! * v0 +
        weights[r1 + c]! * v1 +
        weights[r2 + c]! * v2 +
        weights[r3 + c]! * v3 +
        weights[r4 + c]! * v4 +
        weights[r5 + c]! * v5 +
        weights[r6 + c]! * v6 +
        weights[r7 + c]! * v7;
    }
  }
  for (; k + 4 <= length; k += 4) {
    const r0 = ids[k]! * classes, r1 = ids[k + 1]! * classes, r2 = ids[k + 2]! * classes, r3 = ids[k + 3]! * classes;
    const v0 = values[k]!, v1 = values[k + 1]!, v2 = values[k + 2]!, v3 = values[k + 3]!;
    for (let c = 0; c < classes; c++) out[c] = out[c]! + weights[r0 + c]! * v0 + weights[r1 + c]! * v1 + weights[r2 + c]! * v2 + weights[r3 + c]! * v3;
  }
  for (; k < length; k++) {
    const row = ids[k]! * classes;
    const value = values[k]!;
    for (let c = 0; c < classes; c++) out[c] = out[c]! + weights[row + c]! * value;
  }
  return out;
}

/** Scores -> probabilities in place, dividing by a temperature first (1 = as trained). */
export function softmaxInPlace(scores: Float64Array, temperature = 1): Float64Array {
  const classes = scores.length;
  let max = -Infinity;
  for (let c = 0; c < classes; c++) if (scores[c]! > max) max = scores[c]!;
  let sum = 0;
  for (let c = 0; c < classes; c++) {
    const e = Math.exp((scores[c]! - max) / temperature);
    scores[c] = e;
    sum += e;
  }
  for (let c = 0; c < classes; c++) scores[c]! /= sum;
  return scores;
}

/**
 * The model's dense features (a sentence vector, ids `from` to the last feature) while it trains: in
 * WebAssembly memory, class-major, scored and updated by the SIMD kernels (dense-kernels.ts), and
 * written back into the feature-major weights answering reads when training ends.
 */
class DenseBlock {
  private readonly kernels: DenseKernels;
  private readonly floats: Float32Array;
  private readonly ints: Int32Array;
  private readonly stride: number;
  private readonly vector: number;
  private readonly out: number;
  private readonly list: number;

  constructor(
    private readonly model: SoftmaxModel,
    private readonly from: number,
    private readonly dimensions: number,
  ) {
    const { classes } = model;
    // Rows padded with zeros to whole blocks: a zero in the vector leaves its weight zero.
    this.stride = Math.ceil(dimensions / DENSE_BLOCK) * DENSE_BLOCK;
    // Float offsets: the rows, the vector, the scores, then (class, step) pairs.
    this.vector = classes * this.stride;
    this.out = this.vector + this.stride;
    this.list = this.out + classes;
    this.kernels = denseKernels((this.list + 2 * classes) * 4);
    this.floats = new Float32Array(this.kernels.memory.buffer);
    this.ints = new Int32Array(this.kernels.memory.buffer);
    for (let d = 0; d < dimensions; d++) {
      const row = (from + d) * classes;
      for (let c = 0; c < classes; c++) this.floats[c * this.stride + d] = model.weights[row + c]!;
    }
  }

  /** Adds the dense part of `x` (its values from `start` on) to `scores`. */
  score(x: SparseVector, start: number, scores: Float64Array): void {
    const { classes } = this.model;
    this.floats.set(x.values.subarray(start, start + this.dimensions), this.vector);
    this.kernels.score(0, this.vector * 4, this.out * 4, classes, this.stride);
    for (let c = 0; c < classes; c++) scores[c] = scores[c]! + this.floats[this.out + c]!;
  }

  /** Moves the active classes' rows against the vector last scored, each by its gradient times `rate`. */
  update(active: Int32Array, count: number, gradients: Float64Array, rate: number): void {
    for (let a = 0; a < count; a++) {
      const c = active[a]!;
      this.ints[this.list + 2 * a] = c;
      this.floats[this.list + 2 * a + 1] = gradients[c]! * rate;
    }
    this.kernels.update(0, this.vector * 4, this.list * 4, count, this.stride);
  }

  /** Writes the dense rows back into the model's feature-major weights. */
  store(): void {
    const { classes, weights } = this.model;
    for (let d = 0; d < this.dimensions; d++) {
      const row = (this.from + d) * classes;
      for (let c = 0; c < classes; c++) weights[row + c] = this.floats[c * this.stride + d]!;
    }
  }
}

/**
 * Trains `model` further on (x, y) pairs (a fresh model, or one to continue). With `options.denseFrom`,
 * the features from that id on are a dense block every x has whole or not at all (withMeaning), and
 * are trained by the SIMD kernels; the sparse features stay in JavaScript, a few dozen per example.
 */
export function train(model: SoftmaxModel, xs: readonly SparseVector[], ys: ArrayLike<number>, options: TrainOptions): SoftmaxModel {
  const { classes, weights, bias } = model;
  const random = seededRandom(options.seed);
  const order = Int32Array.from(xs.keys());
  const scores = new Float64Array(classes);
  const active = new Int32Array(classes);
  const denseFrom = options.denseFrom ?? model.features;
  const dimensions = model.features - denseFrom;
  const dense = dimensions > 0 ? new DenseBlock(model, denseFrom, dimensions) : null;
  const totalSteps = Math.max(1, options.epochs * xs.length);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const swap = order[i]!;
      order[i] = order[j]!;
      order[j] = swap;
    }
    for (const index of order) {
      const rate = options.learningRate * (1 - step / totalSteps) + 0.01 * options.learningRate;
      step += 1;
      const x = xs[index]!;
      const length = x.ids.length;
      const sparse = dense && length && x.ids[length - 1]! >= denseFrom ? length - dimensions : length;
      scoreFirst(model, x, sparse, scores);
      if (sparse < length) dense!.score(x, sparse, scores);
      softmaxInPlace(scores);
      scores[ys[index]!]! -= 1;
      let count = 0;
      for (let c = 0; c < classes; c++) {
        const gradient = scores[c]!;
        if (gradient > NEGLIGIBLE_GRADIENT || gradient < -NEGLIGIBLE_GRADIENT) {
          active[count++] = c;
          bias[c] = bias[c]! - rate * gradient;
        }
      }
      for (let k = 0; k < sparse; k++) {
        const offset = x.ids[k]! * classes;
        const scaled = x.values[k]! * rate;
        for (let a = 0; a < count; a++) {
          const c = active[a]!;
          weights[offset + c] = weights[offset + c]! - scores[c]! * scaled;
        }
      }
      if (sparse < length) dense!.update(active, count, scores, rate);
    }
  }
  dense?.store();
  return model;
}

/** Epochs for a training set: many passes over a few examples, few over many (about 40,000 steps, 3 to 60 epochs). */
export function epochsFor(examples: number): number {
  return Math.min(60, Math.max(3, Math.round(40_000 / Math.max(1, examples))));
}
