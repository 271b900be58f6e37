import { kbFromPlainText, kbPlainText, understandingOf, type KbDocument, type QuickReply, type Snapshot, type Understanding } from '@console/contracts';
import { FALLBACK_THRESHOLD, trainCalibrated } from './calibration';
import type { SoftmaxModel } from './classifier';
import { compileFlows, type FlowIndex } from './flow-compile';
import { readGenerationConfig, type GenerationConfig } from './generation';
import { compileHandoff, handoffConfig, type HandoffIndex } from './handoff';
import { compileJargon, type JargonRule } from './jargon';
import { buildLexicalIndex, type LexicalIndex } from './rank';
import { buildSemanticIndex, passagesOf, withMeaning, type SemanticIndex, type TextVectors } from './semantic';
import { contentStemsOf, words } from './text';
import { zeroShotThreshold } from './zero-shot';
import { buildVocabulary, cosine, type SparseVector, type Vocabulary } from './vectorizer';

/**
 * A class of the classifier: a content item, an intent a sequence starts from, or the project's
 * out-of-scope examples (questions the team says are not theirs to answer).
 */
export interface Label {
  kind: 'content' | 'intent' | 'oos';
  id: string;
  subject: string;
}

/** The most out-of-scope examples read from pipeline_config, and their longest length. */
const MAX_OUT_OF_SCOPE_EXAMPLES = 2000;

/** pipeline_config.out_of_scope_examples: questions the assistant must not answer (strings; others ignored). */
function outOfScopeExamples(pipelineConfig: Record<string, unknown>): string[] {
  const value = pipelineConfig.out_of_scope_examples;
  if (!Array.isArray(value)) return [];
  return value
    .filter((example): example is string => typeof example === 'string' && example.trim().length > 0)
    .map((example) => example.slice(0, 1024))
    .slice(0, MAX_OUT_OF_SCOPE_EXAMPLES);
}

/** Every text of a snapshot the compile needs a vector of (none for a lexical project), each once. */
export function textsToEmbed(snapshot: Snapshot): string[] {
  if (understandingOf(snapshot.settings.pipeline_config) === 'lexical') return [];
  const texts = new Set<string>();
  for (const item of snapshot.contents) {
    texts.add(item.subject);
    for (const utterance of item.utterances) texts.add(utterance);
    for (const passage of passagesOf(kbPlainText(item.response))) texts.add(passage);
  }
  for (const example of outOfScopeExamples(snapshot.settings.pipeline_config)) texts.add(example);
  for (const intent of snapshot.intents) {
    texts.add(intent.intent);
    for (const utterance of intent.utterances) texts.add(utterance);
  }
  // The examples a request for a person is compared with; a project with nothing to answer embeds nothing.
  if (texts.size) for (const example of handoffConfig(snapshot.settings.pipeline_config)?.examples ?? []) texts.add(example);
  return [...texts];
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
  understanding: Understanding;
  labels: Label[];
  /** Content items, in lexical-index order. */
  contents: IndexedContent[];
  /** The content item of each label (its position in `contents`), -1 for an intent. */
  contentOfLabel: Int32Array;
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
  /** The items' sentence vectors (semantic understanding), null for a lexical index. */
  semantic: SemanticIndex | null;
  /**
   * The sequences' intents' sentence vectors (semantic understanding of a snapshot with sequences),
   * their labels following one another from `firstLabel`: an entry intent is judged by its own
   * closeness, not by the content's, which it need not resemble.
   */
  intentMeaning: { firstLabel: number; semantic: SemanticIndex } | null;
  /**
   * Zero-shot: the out-of-scope examples' sentence vectors (one row each) and their label. With no
   * classifier to learn them, a question closer in meaning to one of them than to any item is refused.
   */
  outOfScopeMeaning: { label: number; semantic: SemanticIndex } | null;
  /** Content with too few utterances to learn from is ranked by closeness (zero-shot.ts), not classified. */
  zeroShot: boolean;
  /** Where the classifier's dense features (the sentence vector) start, and their scale; null: words only. */
  meaning: { offset: number; scale: number } | null;
  jargon: JargonRule[];
  /** The project's sequences and active scenarios; null for a snapshot synced before they existed. */
  flows: FlowIndex | null;
  /** Recognising a request for a person (handoff.ts), and the handoff message; null when the project turned it off. */
  handoff: HandoffIndex | null;
  settings: {
    wordCutoff: number;
    outOfScope: KbDocument;
    generation: GenerationConfig | null;
    generationProblem: string | null;
  };
  stats: { contents: number; intents: number; utterances: number; outOfScopeExamples: number; features: number; heldOut: number };
}

function contentPositions(labels: number, contents: readonly IndexedContent[]): Int32Array {
  const positions = new Int32Array(labels).fill(-1);
  contents.forEach((content, position) => (positions[content.label] = position));
  return positions;
}

/**
 * Fewer utterances per item than this (on average) and the project is answered zero-shot: a
 * classifier learns little from a subject and an utterance, and closeness ranks them better.
 */
const ZERO_SHOT_UTTERANCES_PER_ITEM = 2;
/**
 * The sentence vector's scale against the word features (both of unit length) in the classifier:
 * smaller scales leave meaning unused, larger ones learn the dense part noisily (the measured sweep is
 * in decisions.md, "Semantic understanding").
 */
const MEANING_SCALE = 0.5;

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
export function compile(snapshot: Snapshot, textVectors: TextVectors = new Map()): EngineIndex {
  // Without vectors (a caller that embeds nothing) the index reads words only, as a lexical one.
  const understanding = understandingOf(snapshot.settings.pipeline_config) === 'semantic' && textVectors.size ? 'semantic' : 'lexical';
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
  const contentUtterances = utterances;
  const rejected = outOfScopeExamples(snapshot.settings.pipeline_config);
  if (rejected.length) {
    const label = labels.push({ kind: 'oos', id: 'out-of-scope', subject: 'Out of scope' }) - 1;
    for (const text of rejected) {
      texts.push(text);
      classOf.push(label);
    }
  }
  for (const intent of snapshot.intents) {
    const label = labels.push({ kind: 'intent', id: intent.id, subject: intent.intent }) - 1;
    for (const text of [intent.intent, ...intent.utterances]) {
      texts.push(text);
      classOf.push(label);
    }
    utterances += intent.utterances.length;
  }

  const lexical = buildLexicalIndex(
    snapshot.contents.map((item) => ({ subject: item.subject, utterances: item.utterances, responseText: kbPlainText(item.response) })),
  );
  const semantic =
    understanding === 'semantic'
      ? buildSemanticIndex(
          snapshot.contents.map((item) => ({ subject: item.subject, utterances: item.utterances, passages: passagesOf(kbPlainText(item.response)) })),
          textVectors,
        )
      : null;
  const firstIntent = labels.findIndex((label) => label.kind === 'intent');
  const intentMeaning =
    semantic && snapshot.sequences && firstIntent >= 0
      ? {
          firstLabel: firstIntent,
          semantic: buildSemanticIndex(
            snapshot.intents.map((intent) => ({ subject: intent.intent, utterances: intent.utterances, passages: [] })),
            textVectors,
          ),
        }
      : null;
  // Whether the content can be learned is the content's own utterances' matter: a FAQ that adds a flow
  // stays zero-shot (snapshots from before sequences counted the intents' too, and still do).
  const learnable = snapshot.sequences ? contentUtterances : utterances;
  const zeroShot = semantic !== null && contents.length > 0 && learnable < ZERO_SHOT_UTTERANCES_PER_ITEM * contents.length;

  const outOfScopeLabel = labels.findIndex((label) => label.kind === 'oos');
  const outOfScopeMeaning =
    zeroShot && outOfScopeLabel >= 0
      ? { label: outOfScopeLabel, semantic: buildSemanticIndex(rejected.map((text) => ({ subject: text, utterances: [], passages: [] })), textVectors) }
      : null;

  const wordLists = texts.map(words);
  const { vocabulary, vectors: wordVectors } = buildVocabulary(wordLists);
  const stems = wordLists.map(contentStemsOf);
  const ys = Int32Array.from(classOf);
  // A trained semantic project's classifier reads the sentence vector after the word features.
  const meaning = semantic?.dimensions && !zeroShot ? { offset: vocabulary.ids.size, scale: MEANING_SCALE } : null;
  const features = vocabulary.ids.size + (meaning ? semantic!.dimensions : 0);
  const vectors = meaning ? wordVectors.map((vector, i) => withMeaning(vector, textVectors.get(texts[i]!), meaning.offset, meaning.scale)) : wordVectors;

  let model: SoftmaxModel | null = null;
  let examples: EngineIndex['examples'] = null;
  let temperature = 1;
  let learnedThreshold = FALLBACK_THRESHOLD;
  let heldOut = 0;
  let familiarity = 0;
  if (zeroShot) {
    learnedThreshold = zeroShotThreshold(
      contents.map((content) => content.subject),
      semantic!,
      lexical,
      textVectors,
    );
  } else if (labels.length === 1 && labels[0]!.kind !== 'oos') {
    examples = { vectors };
    learnedThreshold = singleClassThreshold(vectors);
  } else if (labels.length > 1) {
    const calibrated = trainCalibrated(vectors, ys, stems, features, labels.length, SEED, outOfScopeLabel, meaning?.offset ?? features);
    model = calibrated.model;
    temperature = calibrated.temperature;
    learnedThreshold = calibrated.threshold;
    familiarity = calibrated.familiarity;
    heldOut = calibrated.heldOut;
  }

  const { config: generation, problem: generationProblem } = readGenerationConfig(snapshot.settings.pipeline_config);
  return {
    version: 1,
    understanding,
    labels,
    contents,
    contentOfLabel: contentPositions(labels.length, contents),
    vocabulary,
    model,
    examples,
    temperature,
    threshold: overrideThreshold(snapshot.settings.pipeline_config) ?? learnedThreshold,
    learnedThreshold,
    familiarity,
    knownStems: new Set(stems.flat()),
    lexical,
    semantic,
    intentMeaning,
    outOfScopeMeaning,
    zeroShot,
    meaning,
    jargon: compileJargon(snapshot.jargon),
    flows: compileFlows(snapshot),
    handoff: compileHandoff(snapshot.settings.pipeline_config, snapshot.settings.handoff_message, understanding === 'semantic' ? textVectors : null),
    settings: {
      wordCutoff: snapshot.settings.response_word_cutoff,
      outOfScope: kbFromPlainText(snapshot.settings.out_of_scope_response, { links: true }),
      generation,
      generationProblem,
    },
    stats: { contents: snapshot.contents.length, intents: snapshot.intents.length, utterances, outOfScopeExamples: rejected.length, features, heldOut },
  };
}
