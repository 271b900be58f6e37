import { kbFromPlainText, kbPlainText, type KbDocument, type QuickReply, type Snapshot } from '@console/contracts';
import { FALLBACK_THRESHOLD, trainCalibrated } from './calibration';
import type { SoftmaxModel } from './classifier';
import { readGenerationConfig, type GenerationConfig } from './generation';
import { buildLexicalIndex, type LexicalIndex } from './rank';
import { compileJargon, type JargonRule } from './rephrase';
import { contentStems } from './text';
import { buildVocabulary, cosine, vectorize, type SparseVector, type Vocabulary } from './vectorizer';

/** A class of the classifier: a content item, or an intent a sequence starts from. */
export interface Label {
  kind: 'content' | 'intent';
  id: string;
  subject: string;
}

export interface IndexedContent {
  id: string;
  reporting_id: string;
  subject: string;
  response: KbDocument;
  actions: QuickReply[];
  /** Its class in the classifier. */
  label: number;
}

/** What `compile` builds: plain data (structured-cloneable), read by `answer`. */
export interface EngineIndex {
  version: 1;
  labels: Label[];
  /** Content items, in lexical-index order. */
  contents: IndexedContent[];
  vocabulary: Vocabulary;
  model: SoftmaxModel | null;
  /** With a single class there is nothing to tell apart: its examples are compared instead. */
  examples: { vectors: SparseVector[] } | null;
  temperature: number;
  /** The out-of-scope threshold in effect (pipeline_config.oos_threshold, else the learned one). */
  threshold: number;
  learnedThreshold: number;
  /** The least share of a question's meaningful words the training data must know. */
  familiarity: number;
  /** The meaningful stems of every training text. */
  knownStems: Set<string>;
  lexical: LexicalIndex;
  jargon: JargonRule[];
  settings: {
    wordCutoff: number;
    outOfScope: KbDocument;
    generation: GenerationConfig | null;
    generationProblem: string | null;
  };
  stats: { contents: number; intents: number; utterances: number; features: number; heldOut: number };
}

/** A fixed seed: the same snapshot always compiles to the same index, in any process. */
const SEED = 20_260_101;

function overrideThreshold(pipelineConfig: Record<string, unknown>): number | null {
  const value = pipelineConfig.oos_threshold;
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : null;
}

/** Learns the single class's threshold from how its examples resemble each other (leave one out). */
function singleClassThreshold(vectors: readonly SparseVector[]): number {
  if (vectors.length < 3) return FALLBACK_THRESHOLD;
  const nearest = vectors
    .map((vector, i) => Math.max(...vectors.map((other, j) => (i === j ? 0 : cosine(vector, other)))))
    .sort((a, b) => a - b);
  return nearest[Math.floor(0.05 * nearest.length)]!;
}

/**
 * Compiles a snapshot: the training texts of every active item (its subject and utterances) and of
 * every entry intent teach the classifier (rerank), the items' subjects, utterances and responses
 * feed the lexical ranker, and the calibration learns the confidence scale and the threshold.
 * Deterministic: the same snapshot gives the same index.
 */
export function compile(snapshot: Snapshot): EngineIndex {
  const labels: Label[] = [];
  const texts: string[] = [];
  const classOf: number[] = [];
  const contents: IndexedContent[] = [];
  let utterances = 0;
  for (const item of snapshot.contents) {
    const label = labels.push({ kind: 'content', id: item.id, subject: item.subject }) - 1;
    contents.push({ id: item.id, reporting_id: item.reporting_id, subject: item.subject, response: item.response, actions: item.actions, label });
    for (const text of [item.subject, ...item.utterances]) {
      texts.push(text);
      classOf.push(label);
    }
    utterances += item.utterances.length;
  }
  for (const intent of snapshot.intents) {
    const label = labels.push({ kind: 'intent', id: intent.id, subject: intent.intent }) - 1;
    for (const text of [intent.intent, ...intent.utterances]) {
      texts.push(text);
      classOf.push(label);
    }
    utterances += intent.utterances.length;
  }

  const vocabulary = buildVocabulary(texts);
  const vectors = texts.map((text) => vectorize(vocabulary, text));
  const stems = texts.map(contentStems);
  const ys = Int32Array.from(classOf);
  const features = vocabulary.ids.size;

  let model: SoftmaxModel | null = null;
  let examples: EngineIndex['examples'] = null;
  let temperature = 1;
  let learnedThreshold = FALLBACK_THRESHOLD;
  let heldOut = 0;
  let familiarity = 0;
  if (labels.length === 1) {
    examples = { vectors };
    learnedThreshold = singleClassThreshold(vectors);
  } else if (labels.length > 1) {
    const calibrated = trainCalibrated(vectors, ys, stems, features, labels.length, SEED);
    model = calibrated.model;
    temperature = calibrated.temperature;
    learnedThreshold = calibrated.threshold;
    familiarity = calibrated.familiarity;
    heldOut = calibrated.heldOut;
  }

  const { config: generation, problem: generationProblem } = readGenerationConfig(snapshot.settings.pipeline_config);
  return {
    version: 1,
    labels,
    contents,
    vocabulary,
    model,
    examples,
    temperature,
    threshold: overrideThreshold(snapshot.settings.pipeline_config) ?? learnedThreshold,
    learnedThreshold,
    familiarity,
    knownStems: new Set(stems.flat()),
    lexical: buildLexicalIndex(
      snapshot.contents.map((item) => ({ subject: item.subject, utterances: item.utterances, responseText: kbPlainText(item.response) })),
    ),
    jargon: compileJargon(snapshot.jargon),
    settings: {
      wordCutoff: snapshot.settings.response_word_cutoff,
      outOfScope: kbFromPlainText(snapshot.settings.out_of_scope_response),
      generation,
      generationProblem,
    },
    stats: { contents: snapshot.contents.length, intents: snapshot.intents.length, utterances, features, heldOut },
  };
}
