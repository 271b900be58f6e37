import type { TraceStep } from '@console/contracts';
import { classifyText, itemOf, jointly, understood, type Classification } from './classify';
import type { EngineIndex } from './compile';
import { chooseReading, followUpCue, FOLLOW_UP_MAX_WORDS, leanedOn, previousAnswered, threadOf, withPrevious } from './context';
import { applyJargon } from './jargon';
import { contentStems, contentStemsOf, isStopWord, words } from './text';
import type { AnswerInput, ConversationState } from './types';

/**
 * The `rephrase` stage: the project's jargon turns a term into its keyword (jargon.ts), then a short
 * follow-up that is not understood alone is read with the conversation's previous question
 * (context.ts says when). Reading a question is classifying it, so the stage hands the classify stage
 * the reading it chose, classified.
 */

/** The visitor's question with the project's jargon applied, read once for every stage. */
export interface Question {
  utterance: string;
  /** The question with the jargon applied (trimmed; lower-cased words when a term was replaced). */
  text: string;
  jargon: { term: string; keyword: string }[];
  words: string[];
  /** The sentence vector of one of its readings (`questionTexts`), or null (lexical, or another encoder's length). */
  meaningOf: (reading: string) => Float32Array | null;
}

export function readUtterance(index: EngineIndex, input: AnswerInput): Question {
  const rephrased = applyJargon(index.jargon, input.utterance);
  // A vector of another length (another encoder than the compile's) is not compared.
  const meaningOf = (reading: string) => {
    const vector = index.understanding === 'semantic' ? input.vectors?.get(reading) : undefined;
    return vector && vector.length === index.semantic?.dimensions ? vector : null;
  };
  // applyJargon gives the words only when it read them.
  return { utterance: input.utterance, text: rephrased.text, jargon: rephrased.applied, words: rephrased.words ?? words(rephrased.text), meaningOf };
}

/**
 * The texts a question needs embedded before `answer` (none for a lexical project): the question as
 * the engine reads it, and its reading with the conversation's previous question when it may be a follow-up.
 */
export function questionTexts(index: EngineIndex, state: ConversationState | null, utterance: string): string[] {
  if (index.understanding !== 'semantic') return [];
  const rephrased = applyJargon(index.jargon, utterance);
  const previous = previousAnswered(state);
  const read = rephrased.words ?? words(rephrased.text);
  const cue = previous ? followUpCue(read, contentStemsOf(read)) : null;
  return previous && cue ? [rephrased.text, withPrevious(rephrased.text, leanedOn(previous, index.jargon))] : [rephrased.text];
}

/** How the rephrase stage read a question: the text classified, and with what of the conversation. */
export interface Reading {
  /** The question as read: alone, or with the previous question's reading. */
  text: string;
  classification: Classification;
  /** The previous reading it leaned on and why; null when read alone. */
  context: { previous: string; reason: string } | null;
  /** The topic a follow-up of this turn leans on (Turn.thread); null when read alone. */
  thread: string | null;
  step: TraceStep;
}

export function rephraseStage(index: EngineIndex, state: ConversationState | null, question: Question): Reading {
  const read = question.words;
  let text = question.text;
  let classification = classifyText(index, text, read, question.meaningOf(text));
  let context: { previous: string; reason: string } | null = null;
  let standalone: { previous: string; reason: string } | null = null;
  let thread: string | null = null;
  const previous = previousAnswered(state);
  if (previous) {
    // Lexical mode has no sentence vector to weigh a pointing word with: only fragments may lean.
    const cue =
      index.understanding === 'semantic'
        ? followUpCue(read, classification.stems)
        : classification.stems.length <= FOLLOW_UP_MAX_WORDS
          ? { kind: 'short' as const }
          : null;
    const leaning = leanedOn(previous, index.jargon);
    const combined = withPrevious(text, leaning);
    let together: Classification | null = null;
    const readTogether = () => (together ??= jointly(classification, classifyText(index, combined, undefined, question.meaningOf(combined))));
    const understoodAlone = understood(index, classification);
    const aloneLabel = classification.best >= 0 ? index.labels[classification.best]! : null;
    const choice = chooseReading(index.lexical, {
      cue,
      stems: classification.stems,
      words: read.filter((word) => !isStopWord(word)),
      alone: { understood: understoodAlone, item: itemOf(index, classification), subject: aloneLabel?.subject ?? null, confidence: classification.confidence },
      together: () => {
        const reading = readTogether();
        return { understood: understood(index, reading), item: itemOf(index, reading), confidence: reading.confidence };
      },
      previousItem: index.contents.findIndex((content) => content.id === previous.content_id),
      previousStems: new Set(contentStems(leaning)),
    });
    if (choice.lean) {
      context = { previous: leaning, reason: choice.reason };
      text = combined;
      thread = threadOf(previous);
      classification = readTogether();
    } else {
      standalone = { previous: leaning, reason: choice.reason };
    }
  }
  const step = { stage: 'rephrase' as const, data: { input: question.utterance, output: text, jargon: question.jargon, context, standalone } };
  return { text, classification, context, thread, step };
}
