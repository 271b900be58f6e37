import type { TraceStep } from '@console/contracts';
import { scoreInto, softmaxInPlace } from './classifier';
import type { EngineIndex, Label } from './compile';
import { FOLLOW_UP_MAX_WORDS } from './context';
import { CANDIDATES } from './rank';
import { semanticScores, withMeaning } from './semantic';
import { words } from './text';
import { topPositions } from './top';
import { round, TRACED } from './trace';
import { cosine, readQuestion } from './vectorizer';
import { closenessScores } from './zero-shot';

/**
 * The `classify` stage: what a question is (a content item, an entry intent, or out of scope), from
 * the classifier's calibrated probabilities, or zero-shot from each item's closeness, and whether it is
 * understood well enough to answer.
 */

/** The confidence a question with no known meaningful word needs (names of places, products: some are in scope). */
const UNFAMILIAR_CONFIDENCE = 0.9;
/**
 * Semantic understanding of a trained project: a question whose best cosine with any item (subject,
 * utterances' centroid, passages) is below the floor is refused whatever the classifier says, and one
 * at or above SEMANTIC_SURE is answered although the classifier hesitates. Off-topic questions asked
 * of the trained benchmark projects came no closer than 0.56, and under 1% of their in-scope
 * questions fell below 0.35 (decisions.md, "Semantic understanding").
 */
const SEMANTIC_FLOOR = 0.35;
const SEMANTIC_SURE = 0.65;
/**
 * A short question (at most FOLLOW_UP_MAX_WORDS meaningful words) answered on meaning alone also needs
 * the classifier's choice to be the closest item by this much over any other: several items equally
 * close ("and the warranty?" of four products' warranties) are a question to refuse or read with the
 * conversation, not one to answer with whichever came first. A longer question says what it is about,
 * and asking the lead of it too refused real questions wherever intents overlap.
 */
const SEMANTIC_LEAD = 0.05;

export interface Classification {
  /** Calibrated probability per label (null without a model); zero-shot: each item's closeness. */
  probabilities: Float64Array | null;
  best: number;
  confidence: number;
  /** Whether any word of the question was ever seen in training (else it cannot be in scope). */
  known: boolean;
  /** The share of the question's meaningful words the training data knows. */
  familiarity: number;
  /** The question's meaningful stems (for the lexical ranker). */
  stems: string[];
  /** Each item's best cosine with the question (semantic understanding), else null. */
  semantic: Float64Array | null;
  /** Zero-shot: each item's BM25 score for the question, else null. */
  lexical: Float64Array | null;
  /** Each of the sequences' intents' best cosine with the question (semantic understanding), else null. */
  intentSemantic: Float64Array | null;
}

/** Reads a question once (words, stems, sentence vector) and classifies it. */
export function classifyText(index: EngineIndex, text: string, read?: string[], meaning?: Float32Array | null): Classification {
  const { vector: wordVector, stems, knowsAWord: known } = readQuestion(index.vocabulary, read ?? words(text));
  let familiar = 0;
  for (const stem of stems) if (index.knownStems.has(stem)) familiar += 1;
  const familiarity = stems.length ? familiar / stems.length : 0;
  const items = index.contents.length;
  const intents = index.intentMeaning;
  const intentSemantic = intents && meaning ? semanticScores(intents.semantic, meaning, new Float64Array(index.labels.length - intents.firstLabel)) : null;
  if (index.zeroShot) {
    const parts = { semantic: new Float64Array(items), lexical: new Float64Array(items) };
    const scores = closenessScores(index.semantic!, index.lexical, { vector: meaning ?? null, stems }, parts, new Float64Array(index.labels.length));
    const closestItem = bestOf(parts.semantic) ?? -1;
    // No utterances to learn from: an intent is chosen when it is surely meant and closer in meaning than any item.
    const closestIntent = intentSemantic?.length ? topPositions(intentSemantic, 1)[0]! : -1;
    if (closestIntent >= 0 && intentSemantic![closestIntent]! >= SEMANTIC_SURE && intentSemantic![closestIntent]! > closestItem) {
      scores[intents!.firstLabel + closestIntent] = intentSemantic![closestIntent]!;
    }
    let best = index.labels.length ? topPositions(scores, 1)[0]! : -1;
    // No classifier learns the out-of-scope examples here: one closer in meaning than every item refuses the question.
    const rejecting = index.outOfScopeMeaning;
    const rejected = rejecting && meaning ? bestOf(semanticScores(rejecting.semantic, meaning, new Float64Array(rejecting.semantic.owner.length))) : null;
    if (rejected !== null && rejected > closestItem) {
      best = rejecting!.label;
      scores[best] = rejected;
    }
    const semantic = meaning ? parts.semantic : null;
    return { probabilities: scores, best, confidence: best >= 0 ? scores[best]! : 0, known, familiarity, stems, semantic, lexical: parts.lexical, intentSemantic };
  }
  const semantic = index.semantic && meaning ? semanticScores(index.semantic, meaning, new Float64Array(items)) : null;
  const x = index.meaning ? withMeaning(wordVector, meaning, index.meaning.offset, index.meaning.scale) : wordVector;
  if (index.model) {
    const probabilities = softmaxInPlace(scoreInto(index.model, x, new Float64Array(index.labels.length)), index.temperature);
    let best = 0;
    for (let c = 1; c < probabilities.length; c++) if (probabilities[c]! > probabilities[best]!) best = c;
    return { probabilities, best, confidence: known ? probabilities[best]! : 0, known, familiarity, stems, semantic, lexical: null, intentSemantic };
  }
  if (index.examples) {
    const similarity = Math.max(0, ...index.examples.vectors.map((example) => cosine(x, example)));
    return { probabilities: null, best: 0, confidence: known ? similarity : 0, known, familiarity, stems, semantic, lexical: null, intentSemantic };
  }
  return { probabilities: null, best: -1, confidence: 0, known, familiarity, stems, semantic, lexical: null, intentSemantic };
}

/**
 * A zero-shot follow-up read with the previous question: an item must answer both the question's own
 * words and the conversation's topic (each item's geometric mean of its two closenesses), or the
 * previous question's words, being more, would pick the previous answer again ("and how much does
 * that cost?" after "do you deliver to my home" is about delivery prices, not home delivery).
 */
export function jointly(alone: Classification, together: Classification): Classification {
  if (!alone.lexical || !alone.probabilities || !together.probabilities) return together;
  const scores = together.probabilities.map((score, i) => Math.sqrt(score * alone.probabilities![i]!));
  const best = scores.length ? topPositions(scores, 1)[0]! : -1;
  // Whether it is understood is the contextual reading's own closeness: the topic is the conversation's.
  return { ...together, probabilities: scores, best, confidence: best >= 0 ? together.probabilities[best]! : 0 };
}

/** Whether a classification is confident enough, and its question familiar enough, to answer. */
export function understood(index: EngineIndex, c: Classification): boolean {
  // Closeness already weighs the words a question shares with the content against its meaning.
  if (index.zeroShot) return c.best >= 0 && c.confidence >= index.threshold;
  const intents = index.intentMeaning;
  const meaning = intents && c.intentSemantic && c.best >= intents.firstLabel ? c.intentSemantic[c.best - intents.firstLabel]! : bestOf(c.semantic);
  if (meaning !== null && meaning < SEMANTIC_FLOOR) return false;
  if (meaning !== null && meaning >= SEMANTIC_SURE && (c.stems.length > FOLLOW_UP_MAX_WORDS || leadsInMeaning(index, c))) return true;
  return (
    c.best >= 0 &&
    c.confidence >= index.threshold &&
    c.familiarity >= index.familiarity &&
    // A question sharing no meaningful word with the project must be clearly one of its topics.
    (c.familiarity > 0 || c.confidence >= UNFAMILIAR_CONFIDENCE)
  );
}

export function probabilityOf(classification: Classification, labelIndex: number): number {
  return classification.probabilities?.[labelIndex] ?? (labelIndex === classification.best ? classification.confidence : 0);
}

/** The classifier's most probable labels, most probable first. */
function topLabels(classification: Classification, count: number): number[] {
  if (!classification.probabilities) return classification.best < 0 ? [] : [classification.best];
  return topPositions(classification.probabilities, count);
}

/** Whether the classifier's choice is the item closest in meaning, ahead of every other by SEMANTIC_LEAD. */
function leadsInMeaning(index: EngineIndex, c: Classification): boolean {
  if (c.best < 0 || !c.semantic) return false;
  const chosen = index.contentOfLabel[c.best]!;
  if (chosen < 0) return false;
  const score = c.semantic[chosen]!;
  for (let i = 0; i < c.semantic.length; i++) if (i !== chosen && c.semantic[i]! > score - SEMANTIC_LEAD) return false;
  return true;
}

/** The content item (its position) a classification chose, -1 for an intent, out of scope or nothing. */
export function itemOf(index: EngineIndex, c: Classification): number {
  return c.best >= 0 ? index.contentOfLabel[c.best]! : -1;
}

/** The largest value (null for none). */
function bestOf(values: Float64Array | null): number | null {
  if (!values?.length) return null;
  let best = -Infinity;
  for (const value of values) if (value > best) best = value;
  return best;
}

/**
 * Two figures written with enough digits to tell them apart (three at least): a refusal that reads
 * "0.16 close; 0.16 is needed" hides why it was refused.
 */
function apart(value: number, bound: number): [string, string] {
  for (let digits = 3; digits < 6; digits++) {
    const [a, b] = [value.toFixed(digits), bound.toFixed(digits)];
    if (a !== b) return [a, b];
  }
  return [value.toFixed(6), bound.toFixed(6)];
}

/** Why a question was refused, in words (the classify stage's `refusal`). */
function refusalOf(index: EngineIndex, c: Classification, label: Label | null): string {
  if (!label) return 'The project has no content to answer from.';
  if (label.kind === 'oos' && index.zeroShot) {
    const [example, item] = apart(c.confidence, bestOf(c.semantic) ?? 0);
    return `It is closer in meaning to one of the project's out-of-scope examples (${example}) than to any item (${item}).`;
  }
  if (label.kind === 'oos') return `It is most like the project's out-of-scope examples (${Math.round(c.confidence * 100)}% sure).`;
  const [score, needed] = apart(c.confidence, index.threshold);
  if (index.zeroShot) return `The closest item, '${label.subject}', is ${score} close; ${needed} is needed.`;
  const meaning = bestOf(c.semantic);
  if (c.semantic && meaning !== null && meaning < SEMANTIC_FLOOR) {
    const closest = index.contents[topPositions(c.semantic, 1)[0]!]!;
    const [alike, floor] = apart(meaning, SEMANTIC_FLOOR);
    return `The closest item in meaning, '${closest.subject}', is ${alike} alike; ${floor} is needed.`;
  }
  if (c.confidence < index.threshold) return `The likeliest item, '${label.subject}', is ${score} likely; ${needed} is needed.`;
  if (c.familiarity === 0) {
    const [sure, unfamiliar] = apart(c.confidence, UNFAMILIAR_CONFIDENCE);
    return `None of its words is known to the project, so the likeliest item, '${label.subject}', needed ${unfamiliar}; it is ${sure} likely.`;
  }
  return `Too few of its words are known to the project (${Math.round(c.familiarity * 100)}% of them, ${Math.round(index.familiarity * 100)}% needed) to be sure it is about '${label.subject}'.`;
}

/** What the question is taken for: content, an entry or follow-up intent ('scenario'), or out of scope. */
export type Decision = 'content' | 'scenario' | 'oos';

/** The classify stage's verdict on a question, before a flow has its say. */
export interface Verdict {
  /** The classifier's choice (null: the project has nothing to choose from). */
  label: Label | null;
  /** Its most probable labels, most probable first (the rank and rerank stages' candidates). */
  leading: number[];
  /** Understood, and neither out of scope nor nothing. */
  inScope: boolean;
  understoodAs: Decision;
}

/** The classify stage: what the question (as the rephrase stage read it) is understood as. */
export function classifyStage(index: EngineIndex, classification: Classification): Verdict {
  const label = classification.best >= 0 ? index.labels[classification.best]! : null;
  const leading = topLabels(classification, CANDIDATES);
  const inScope = label !== null && label.kind !== 'oos' && understood(index, classification);
  const understoodAs = !inScope ? 'oos' : label.kind === 'intent' ? 'scenario' : 'content';
  return { label, leading, inScope, understoodAs };
}

/**
 * The classify stage's trace step, once the flow stage had its say (`decision`, and the flow's step).
 * A slot answer the flow read (not an intent) is decided by the flow: the ranking's figures are no
 * part of it.
 */
export function classifyStep(
  index: EngineIndex,
  classification: Classification,
  verdict: Verdict,
  flow: { decision: Decision; readByFlow: boolean; trace: Record<string, unknown> | null },
): TraceStep {
  const { decision } = flow;
  if (flow.readByFlow) return { stage: 'classify', data: { decision, decided_by: 'flow', understanding: index.understanding, flow: flow.trace } };
  const { label, leading, understoodAs } = verdict;
  const bestSemantic = bestOf(classification.semantic);
  return {
    stage: 'classify',
    data: {
      decision,
      label: label ? { kind: label.kind, id: label.id, subject: label.subject } : null,
      confidence: round(classification.confidence),
      threshold: round(index.threshold),
      familiarity: round(classification.familiarity),
      familiarity_threshold: index.familiarity,
      known_words: classification.known,
      understanding: index.understanding,
      semantic: bestSemantic === null ? null : round(bestSemantic),
      refusal: decision === 'oos' ? (understoodAs === 'scenario' ? `'${label!.subject}' starts no sequence here.` : refusalOf(index, classification, label)) : null,
      top: leading.slice(0, TRACED).map((labelIndex) => {
        const { kind, id, subject } = index.labels[labelIndex]!;
        return { kind, id, subject, probability: round(probabilityOf(classification, labelIndex)) };
      }),
      flow: flow.trace,
    },
  };
}
