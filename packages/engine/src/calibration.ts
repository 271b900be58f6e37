import { emptyModel, epochsFor, scoreInto, seededRandom, softmaxInPlace, train, type SoftmaxModel } from './classifier';
import type { SparseVector } from './vectorizer';

/**
 * How sure the classifier is, in numbers that mean what they say, and below which sureness a question
 * is out of scope: both learned at sync from the training data alone.
 *
 * A tenth of each class (of the classes with enough examples) is held out and a probe model learns
 * from the rest. On the held-out questions the temperature that best fits their outcomes is chosen.
 * Each held-out question is then read twice: as itself (an in-scope question, which should stay in
 * scope) and with its own class taken away (a question on a topic the project does not cover, which
 * should not). Two signals decide: the classifier's confidence, and familiarity, the share of the
 * question's meaningful words the training data knows (a question about the weather asked of a bank
 * shares few). The pair of thresholds that best separates the two readings is chosen, keeping at
 * least (1 - MAX_IN_SCOPE_REJECTION) of the correctly answered in-scope questions. The probe then
 * learns from everything for one more epoch and becomes the model: one training, not two.
 */

const MAX_IN_SCOPE_REJECTION = 0.01;
/** Keeping an in-scope answer is worth this many rejected out-of-scope questions. */
const IN_SCOPE_WEIGHT = 2;
/** With too little data to hold any out, this threshold stands (a question must lead clearly). */
export const FALLBACK_THRESHOLD = 0.2;
const TEMPERATURES = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2, 2.5, 3];
const MAX_HOLDOUT = 2000;
/** Fewer held-out questions than this say too little to learn thresholds from: the fallbacks stand. */
const MIN_HELD_OUT = 30;
const LEARNING_RATE = 2;
/** The final epoch over all data starts at this share of the learning rate (the probe is nearly done). */
const FINAL_EPOCH_RATE = 0.25;

export interface Calibrated {
  model: SoftmaxModel;
  temperature: number;
  threshold: number;
  /** The least share of known meaningful words an in-scope question has. */
  familiarity: number;
  /** Held-out questions the calibration read (0: too little data, the fallbacks stand). */
  heldOut: number;
}

function holdOut(ys: Int32Array, classes: number, seed: number, outOfScopeClass: number): Set<number> {
  const random = seededRandom(seed ^ 0x5bd1e995);
  const byClass: number[][] = Array.from({ length: classes }, () => []);
  ys.forEach((label, index) => byClass[label]!.push(index));
  const heldOut = new Set<number>();
  for (const [label, members] of byClass.entries()) {
    // The out-of-scope examples teach the model what to refuse; they are not answers to keep.
    if (members.length < 4 || label === outOfScopeClass) continue;
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [members[i], members[j]] = [members[j]!, members[i]!];
    }
    for (const index of members.slice(0, Math.max(1, Math.round(members.length / 10)))) heldOut.add(index);
  }
  return heldOut;
}

function fitTemperature(raw: Float64Array[], truth: number[]): number {
  let temperature = 1;
  let bestLoss = Infinity;
  // One buffer for every softmax: thousands of typed arrays of their own showed in profiles.
  const p = new Float64Array(raw[0]?.length ?? 0);
  for (const candidate of TEMPERATURES) {
    let loss = 0;
    raw.forEach((scores, k) => {
      p.set(scores);
      softmaxInPlace(p, candidate);
      loss -= Math.log(Math.max(1e-12, p[truth[k]!]!));
    });
    if (loss < bestLoss) {
      bestLoss = loss;
      temperature = candidate;
    }
  }
  return temperature;
}

/** A held-out reading: the classifier's confidence and the question's familiarity. */
interface Reading {
  confidence: number;
  familiarity: number;
}

const FAMILIARITY_STEPS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7];

/**
 * The pair of thresholds that best separates in-scope answers (to keep) from pseudo out-of-scope
 * questions (to reject): for each familiarity step, a sweep over confidences.
 */
function chooseThresholds(inScope: Reading[], outOfScope: Reading[]): { threshold: number; familiarity: number } {
  if (!inScope.length) return { threshold: FALLBACK_THRESHOLD, familiarity: 0 };
  const mustKeep = Math.ceil((1 - MAX_IN_SCOPE_REJECTION) * inScope.length);
  let best = { threshold: 0, familiarity: 0, score: -Infinity };
  for (const familiarity of FAMILIARITY_STEPS) {
    const kept = inScope.filter((reading) => reading.familiarity >= familiarity).map((reading) => reading.confidence).sort((a, b) => a - b);
    if (kept.length < mustKeep) break;
    const unfamiliar = outOfScope.filter((reading) => reading.familiarity < familiarity).length;
    const others = outOfScope.filter((reading) => reading.familiarity >= familiarity).map((reading) => reading.confidence).sort((a, b) => a - b);
    // Raising the confidence threshold to kept[i] keeps kept.length - i answers.
    let rejectedOthers = 0;
    for (let i = 0; i <= kept.length - mustKeep; i++) {
      const threshold = i === 0 ? 0 : kept[i]!;
      while (rejectedOthers < others.length && others[rejectedOthers]! < threshold) rejectedOthers += 1;
      const score =
        (IN_SCOPE_WEIGHT * (kept.length - i)) / inScope.length + (outOfScope.length ? (unfamiliar + rejectedOthers) / outOfScope.length : 0);
      if (score > best.score + 1e-12) best = { threshold, familiarity, score };
    }
  }
  return { threshold: best.threshold, familiarity: best.familiarity };
}

/**
 * `stems[i]`: the meaningful stems of training text i (for familiarity). Trains the model and learns
 * its temperature and thresholds.
 */
export function trainCalibrated(
  xs: readonly SparseVector[],
  ys: Int32Array,
  stems: readonly string[][],
  features: number,
  classes: number,
  seed: number,
  /** The class of the out-of-scope examples, -1 when there are none. */
  outOfScopeClass = -1,
  /** The first dense feature (the sentence vector's), `features` when there are none. */
  denseFrom = features,
): Calibrated {
  const heldOut = holdOut(ys, classes, seed, outOfScopeClass);
  const model = emptyModel(features, classes);
  const epochs = epochsFor(xs.length);
  if (heldOut.size < MIN_HELD_OUT) {
    train(model, xs, ys, { epochs, learningRate: LEARNING_RATE, seed, denseFrom });
    return { model, temperature: 1, threshold: FALLBACK_THRESHOLD, familiarity: 0, heldOut: 0 };
  }
  const probeX: SparseVector[] = [];
  const probeY: number[] = [];
  const tested: number[] = [];
  xs.forEach((x, index) => {
    if (heldOut.has(index)) tested.push(index);
    else {
      probeX.push(x);
      probeY.push(ys[index]!);
    }
  });
  train(model, probeX, Int32Array.from(probeY), { epochs, learningRate: LEARNING_RATE, seed, denseFrom });

  // Which classes' probe texts know each stem: familiarity with and without a question's own class.
  const classesOf = new Map<string, Set<number>>();
  stems.forEach((list, index) => {
    if (heldOut.has(index)) return;
    for (const stem of list) {
      let known = classesOf.get(stem);
      if (!known) classesOf.set(stem, (known = new Set()));
      known.add(ys[index]!);
    }
  });
  const familiarityOf = (list: string[], without: number | null) => {
    if (!list.length) return 0;
    let known = 0;
    for (const stem of list) {
      const owners = classesOf.get(stem);
      if (owners && (without === null || owners.size > 1 || !owners.has(without))) known += 1;
    }
    return known / list.length;
  };

  const sample = tested.slice(0, MAX_HOLDOUT);
  const truth = sample.map((index) => ys[index]!);
  const raw = sample.map((index) => scoreInto(model, xs[index]!, new Float64Array(classes)));
  const temperature = fitTemperature(raw, truth);
  const inScope: Reading[] = [];
  const outOfScope: Reading[] = [];
  raw.forEach((scores, k) => {
    const p = softmaxInPlace(Float64Array.from(scores), temperature);
    const own = truth[k]!;
    const list = stems[sample[k]!]!;
    let best = 0;
    for (let c = 1; c < classes; c++) if (p[c]! > p[best]!) best = c;
    if (best === own) inScope.push({ confidence: p[best]!, familiarity: familiarityOf(list, null) });
    // Without its own class, the question is about something the project does not cover.
    if (p[own]! < 1) {
      let other = 0;
      for (let c = 0; c < classes; c++) if (c !== own && p[c]! > other) other = p[c]!;
      outOfScope.push({ confidence: other / (1 - p[own]!), familiarity: familiarityOf(list, own) });
    }
  });

  // Then one more epoch over everything, so the held-out questions teach the model too.
  train(model, xs, ys, { epochs: 1, learningRate: LEARNING_RATE * FINAL_EPOCH_RATE, seed: seed + 1, denseFrom });
  return { model, temperature, ...chooseThresholds(inScope, outOfScope), heldOut: sample.length };
}
