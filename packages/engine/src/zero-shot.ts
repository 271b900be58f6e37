import { lexicalScores, type LexicalIndex } from './rank';
import { semanticScores, type SemanticIndex, type TextVectors } from './semantic';
import { contentStems } from './text';

/**
 * Content without utterances (an imported FAQ, a pulled page): no classifier can learn a topic's
 * wording from a subject alone, so items are ranked by closeness, the question's best cosine with an
 * item's subject, utterances or passages and its BM25 score together. On the StackFAQ dev threads
 * the two together ranked the right item first for 0.86 of the paraphrases, meaning alone 0.70 and
 * words alone 0.78.
 *
 * The gate is calibrated from the project's own content: each subject, asked as a question of the
 * other items, shows how close a question on the project's own ground comes to an item that does not
 * answer it. Real questions on the project's topics come closer than that, and questions on other
 * topics much less close, so a question must reach a share (GATE_RATIO) of the subjects' typical
 * closeness, and never less than ZERO_SHOT_FLOOR.
 */

/** How much the lexical evidence weighs against the semantic cosine (1). */
const LEXICAL_PART = 1.5;
/** The BM25 score at which the lexical evidence counts half: it saturates, so one rare word cannot outweigh meaning. */
const LEXICAL_HALF = 10;
/** The share of the subjects' median closeness to other items a question must reach. */
const GATE_RATIO = 0.65;
/**
 * The least closeness answered in any project: a cosine of 0.4 with no word in common. Off-topic
 * questions asked of the StackFAQ threads reached 0.37 at their 90th percentile.
 */
const ZERO_SHOT_FLOOR = 0.16;
/** With a single item there is nothing to calibrate against: this threshold stands. */
const ZERO_SHOT_FALLBACK = 0.3;
/** Subjects asked as pseudo-questions at most (evenly spread): enough for a median, bounded compile time. */
const PSEUDO_QUESTIONS = 200;

/** An item's closeness to a question (0-1) from its semantic cosine and its BM25 score. */
export function closeness(semantic: number, lexical: number): number {
  return (Math.max(0, semantic) + (LEXICAL_PART * lexical) / (lexical + LEXICAL_HALF)) / (1 + LEXICAL_PART);
}

/** Every item's closeness to a question, into `out`; `semantic` and `lexical` receive the parts. */
export function closenessScores(
  semanticIndex: SemanticIndex,
  lexicalIndex: LexicalIndex,
  question: { vector: Float32Array | null; stems: readonly string[] },
  parts: { semantic: Float64Array; lexical: Float64Array },
  out: Float64Array,
): Float64Array {
  if (question.vector) semanticScores(semanticIndex, question.vector, parts.semantic);
  else parts.semantic.fill(-1);
  lexicalScores(lexicalIndex, question.stems, parts.lexical);
  for (let i = 0; i < parts.semantic.length; i++) out[i] = closeness(parts.semantic[i]!, parts.lexical[i]!);
  return out;
}

/** The closeness a question needs, learned from the subjects asked of the other items. */
export function zeroShotThreshold(subjects: readonly string[], semanticIndex: SemanticIndex, lexicalIndex: LexicalIndex, textVectors: TextVectors): number {
  if (subjects.length < 2) return ZERO_SHOT_FALLBACK;
  const step = Math.max(1, subjects.length / PSEUDO_QUESTIONS);
  const parts = { semantic: new Float64Array(subjects.length), lexical: new Float64Array(subjects.length) };
  const scores = new Float64Array(subjects.length);
  const nearest: number[] = [];
  for (let at = 0; at < subjects.length; at += step) {
    const own = Math.floor(at);
    closenessScores(semanticIndex, lexicalIndex, { vector: textVectors.get(subjects[own]!) ?? null, stems: contentStems(subjects[own]!) }, parts, scores);
    let best = 0;
    for (let i = 0; i < scores.length; i++) if (i !== own && scores[i]! > best) best = scores[i]!;
    nearest.push(best);
  }
  nearest.sort((a, b) => a - b);
  return Math.max(ZERO_SHOT_FLOOR, GATE_RATIO * nearest[Math.floor(nearest.length / 2)]!);
}
