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

export interface TrainOptions {
  epochs: number;
  /** The first step; it decays linearly to 1% of itself over the epochs. */
  learningRate: number;
  seed: number;
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
 * Raw class scores of one vector (written into `out`, length = classes). The hot loop of training and
 * answering; unrolled by four, which V8 runs about a quarter faster.
 */
export function scoreInto(model: SoftmaxModel, x: SparseVector, out: Float64Array): Float64Array {
  const { classes, weights } = model;
  const ids = x.ids;
  const values = x.values;
  const whole = classes - (classes % 4);
  out.set(model.bias);
  for (let k = 0; k < ids.length; k++) {
    const offset = ids[k]! * classes;
    const value = values[k]!;
    let c = 0;
    for (; c < whole; c += 4) {
      out[c] = out[c]! + weights[offset + c]! * value;
      out[c + 1] = out[c + 1]! + weights[offset + c + 1]! * value;
      out[c + 2] = out[c + 2]! + weights[offset + c + 2]! * value;
      out[c + 3] = out[c + 3]! + weights[offset + c + 3]! * value;
    }
    for (; c < classes; c++) out[c] = out[c]! + weights[offset + c]! * value;
  }
  return out;
}

/** Scores -> probabilities in place, dividing by a temperature first (1 = as trained). */
export function softmaxInPlace(scores: Float64Array, temperature = 1): Float64Array {
  let max = -Infinity;
  for (const score of scores) if (score > max) max = score;
  let sum = 0;
  for (let c = 0; c < scores.length; c++) {
    const e = Math.exp((scores[c]! - max) / temperature);
    scores[c] = e;
    sum += e;
  }
  for (let c = 0; c < scores.length; c++) scores[c]! /= sum;
  return scores;
}

/** Trains `model` further on (x, y) pairs (a fresh model, or one to continue). */
export function train(model: SoftmaxModel, xs: readonly SparseVector[], ys: ArrayLike<number>, options: TrainOptions): SoftmaxModel {
  const { classes, weights, bias } = model;
  const random = seededRandom(options.seed);
  const order = Int32Array.from(xs.keys());
  const scores = new Float64Array(classes);
  const active = new Int32Array(classes);
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
      softmaxInPlace(scoreInto(model, x, scores));
      scores[ys[index]!]! -= 1;
      let count = 0;
      for (let c = 0; c < classes; c++) {
        const gradient = scores[c]!;
        if (gradient > NEGLIGIBLE_GRADIENT || gradient < -NEGLIGIBLE_GRADIENT) {
          active[count++] = c;
          bias[c] = bias[c]! - rate * gradient;
        }
      }
      for (let k = 0; k < x.ids.length; k++) {
        const offset = x.ids[k]! * classes;
        const scaled = x.values[k]! * rate;
        for (let a = 0; a < count; a++) {
          const c = active[a]!;
          weights[offset + c] = weights[offset + c]! - scores[c]! * scaled;
        }
      }
    }
  }
  return model;
}

/** Epochs for a training set: many passes over a few examples, few over many (about 40,000 steps, 3 to 60 epochs). */
export function epochsFor(examples: number): number {
  return Math.min(60, Math.max(3, Math.round(40_000 / Math.max(1, examples))));
}
