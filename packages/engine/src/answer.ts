import type { KbDocument, TraceStep } from '@console/contracts';
import { scoreInto, softmaxInPlace } from './classifier';
import type { EngineIndex, IndexedContent } from './compile';
import { generatedResponse, generationRequest } from './generation';
import { rank } from './rank';
import { chooseReading, followUpCue, FOLLOW_UP_MAX_WORDS, leanedOn, previousAnswered, threadOf, withPrevious } from './context';
import { applyJargon } from './rephrase';
import { contentStems, contentStemsOf, isStopWord, words } from './text';
import { topPositions } from './top';
import { truncate } from './truncate';
import { calloutBlocks, clearlyContent, continueAfterCall, flowTrace, flowTurn, type CalloutOutcome } from './flow';
import type { AnswerInput, AnswerResult, ConversationState, FlowState, GenerationRequest, Reply } from './types';
import { cosine, readQuestion } from './vectorizer';
import { semanticScores, withMeaning } from './semantic';
import { closenessScores } from './zero-shot';
import { handoffAnswer, recogniseHandoff } from './handoff';

/** Turns kept for follow-ups. */
export const REMEMBERED_TURNS = 5;
/** Candidates the lexical ranker and the classifier each put forward. */
const CANDIDATES = 10;
/** Candidates a trace keeps per stage: enough to see why, small enough to store with every answer. */
const TRACED = 3;
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
/** How much the lexical score (scaled to 0-1) adds to the classifier's probability when reranking. */
const LEXICAL_WEIGHT = 0.3;

interface Classification {
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
function classifyText(index: EngineIndex, text: string, read?: string[], meaning?: Float32Array | null): Classification {
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
function jointly(alone: Classification, together: Classification): Classification {
  if (!alone.lexical || !alone.probabilities || !together.probabilities) return together;
  const scores = together.probabilities.map((score, i) => Math.sqrt(score * alone.probabilities![i]!));
  const best = scores.length ? topPositions(scores, 1)[0]! : -1;
  // Whether it is understood is the contextual reading's own closeness: the topic is the conversation's.
  return { ...together, probabilities: scores, best, confidence: best >= 0 ? together.probabilities[best]! : 0 };
}

/** Whether a classification is confident enough, and its question familiar enough, to answer. */
function understood(index: EngineIndex, c: Classification): boolean {
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

function probabilityOf(classification: Classification, labelIndex: number): number {
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
function itemOf(index: EngineIndex, c: Classification): number {
  return c.best >= 0 ? index.contentOfLabel[c.best]! : -1;
}

/** The largest value (null for none). */
function bestOf(values: Float64Array | null): number | null {
  if (!values?.length) return null;
  let best = -Infinity;
  for (const value of values) if (value > best) best = value;
  return best;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
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

function remember(state: ConversationState | null, turn: ConversationState['turns'][number], flow: FlowState | null): ConversationState {
  return { turns: [...(state?.turns ?? []), turn].slice(-REMEMBERED_TURNS), flow };
}

/**
 * Answers a question: rephrase (jargon, then the conversation's context for a short follow-up that is
 * not understood alone), classify (content, an entry intent, or out of scope), rank (lexical
 * candidates), rerank (the classifier's calibrated probability, nudged by the lexical score), then
 * genhybrid (when configured: the caller sends `generation` and calls `completeGeneration`) and
 * truncate. A question the conversation's flow waits for, or an entry intent, is answered by the
 * flow instead (flow.ts: a node's business logic is a `callout` the caller makes, then hands to
 * `completeCallout`). Pure and deterministic: the same index, state and question give the same result.
 */
export function answer(
  index: EngineIndex,
  state: ConversationState | null,
  input: AnswerInput,
  options: { generation?: boolean } = {},
): AnswerResult {
  const trace: TraceStep[] = [];
  const rephrased = applyJargon(index.jargon, input.utterance);
  // A vector of another length (another encoder than the compile's) is not compared.
  const meaningOf = (reading: string) => {
    const vector = index.understanding === 'semantic' ? input.vectors?.get(reading) : undefined;
    return vector && vector.length === index.semantic?.dimensions ? vector : null;
  };

  // Handoff (handoff.ts): a request for a person is answered with the project's handoff message, in a flow or not.
  // The question's words, read once for every stage below (applyJargon gives them only when it rewrote the question).
  const read = rephrased.words ?? words(rephrased.text);
  const handoff = recogniseHandoff(index.handoff, read, meaningOf(rephrased.text));
  if (handoff) {
    const turn = { utterance: input.utterance, rephrased: rephrased.text, thread: null, content_id: null };
    const question = { utterance: input.utterance, text: rephrased.text, jargon: rephrased.applied };
    return handoffAnswer(index, question, handoff, { before: state?.flow ?? null, after: remember(state, turn, null) });
  }

  let text = rephrased.text;
  let classification = classifyText(index, text, read, meaningOf(text));
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
    const readTogether = () => (together ??= jointly(classification, classifyText(index, combined, undefined, meaningOf(combined))));
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
  trace.push({ stage: 'rephrase', data: { input: input.utterance, output: text, jargon: rephrased.applied, context, standalone } });

  const label = classification.best >= 0 ? index.labels[classification.best]! : null;
  const leading = topLabels(classification, CANDIDATES);
  const inScope = label !== null && label.kind !== 'oos' && understood(index, classification);
  const understoodAs = !inScope ? 'oos' : label.kind === 'intent' ? 'scenario' : 'content';
  const flow = index.flows
    ? flowTurn(index.flows, state?.flow ?? null, {
        utterance: input.utterance,
        jargoned: rephrased.applied.length ? rephrased.text : null,
        intent: understoodAs === 'scenario' ? label!.id : null,
        // Only what the project clearly answers, read alone, leaves a flow awaiting a slot ('a toaster' is asked again).
        clearly:
          state?.flow?.awaiting.kind === 'slot' &&
          context === null &&
          inScope &&
          (understoodAs === 'scenario' || clearlyContent(input.utterance, classification.stems.length)),
        convId: input.convId ?? null,
        now: input.now,
      })
    : null;
  // A slot answer the flow read (not an intent) is decided by the flow: the ranking's figures are no part of it.
  const readByFlow = flow?.kind === 'flow' && flow.decidedBy === 'answer';
  // With sequences, an intent no flow goes on with is not a question the project answers.
  const decision = flow?.kind === 'flow' ? 'scenario' : flow && understoodAs === 'scenario' ? 'oos' : understoodAs;
  const semanticOf = (content: number) => (classification.semantic ? round(classification.semantic[content]!) : null);
  const bestSemantic = bestOf(classification.semantic);
  trace.push({
    stage: 'classify',
    data: readByFlow
      ? { decision, decided_by: 'flow', understanding: index.understanding, flow: flowTrace(index.flows!, flow.settled.run) }
      : {
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
          flow: flow?.kind === 'flow' ? flowTrace(index.flows!, flow.settled.run) : (flow?.left ?? null),
        },
  });

  // Zero-shot, the ranking is the closeness the classify stage computed; else BM25 alone.
  const lexical = classification.lexical
    ? leading
        .filter((labelIndex) => index.contentOfLabel[labelIndex]! >= 0)
        .map((labelIndex) => ({ document: index.contentOfLabel[labelIndex]!, score: classification.probabilities![labelIndex]! }))
    : rank(index.lexical, classification.stems, CANDIDATES);
  trace.push({
    stage: 'rank',
    data: readByFlow
      ? { skipped: 'flow' }
      : {
          candidates: lexical.slice(0, TRACED).map(({ document, score }) => ({
            content_id: index.contents[document]!.id,
            subject: index.contents[document]!.subject,
            score: round(score),
            lexical: round(classification.lexical ? classification.lexical[document]! : score),
            semantic: semanticOf(document),
          })),
        },
  });

  if (decision !== 'content') {
    trace.push({ stage: 'rerank', data: { skipped: decision } });
    trace.push({ stage: 'genhybrid', data: { used: false, reason: decision } });
    const settled = flow?.kind === 'flow' ? flow.settled : null;
    const response = decision === 'oos' ? index.settings.outOfScope : { children: settled?.run.blocks ?? [] };
    trace.push({ stage: 'truncate', data: { words: 0, cutoff: index.settings.wordCutoff, truncated: false } });
    const reply: Reply = {
      response_type: decision,
      content_id: null,
      reporting_id: null,
      response,
      actions: settled?.run.actions ?? [],
      confidence: round(classification.confidence),
    };
    const turn = { utterance: input.utterance, rephrased: text, thread, content_id: null };
    const next = remember(state, turn, settled?.run.active ? settled.run.flow : null);
    return { reply, trace, state: next, generation: null, callout: settled?.callout ?? null };
  }

  // Rerank: the lexical candidates and the classifier's best, by probability plus a little lexical score
  // (zero-shot: the closeness, which holds the lexical score already).
  // Each item has its own label, so a lexical candidate's label is found at its own rank.
  const lexicalWeight = classification.lexical ? 0 : LEXICAL_WEIGHT;
  const topLexical = lexical[0]?.score ?? 0;
  const candidateLabels = lexical.map(({ document }) => index.contents[document]!.label);
  for (const labelIndex of leading) {
    if (index.contentOfLabel[labelIndex]! >= 0 && !candidateLabels.includes(labelIndex)) candidateLabels.push(labelIndex);
  }
  const reranked = candidateLabels
    .map((labelIndex, position) => {
      const probability = probabilityOf(classification, labelIndex);
      const lexicalPart = position < lexical.length && topLexical ? lexical[position]!.score / topLexical : 0;
      return { labelIndex, probability, lexical: lexicalPart, score: probability + lexicalWeight * lexicalPart };
    })
    .sort((a, b) => b.score - a.score || a.labelIndex - b.labelIndex);
  const chosen = contentOf(index, reranked[0]!.labelIndex);
  // The confidence is the classifier's calibrated probability of the item given (the classify
  // stage's when the reranker kept its choice).
  const confidence = round(chosen.label === classification.best ? classification.confidence : probabilityOf(classification, chosen.label));
  trace.push({
    stage: 'rerank',
    data: {
      chosen: { content_id: chosen.id, subject: chosen.subject },
      confidence,
      candidates: reranked.slice(0, TRACED).map((entry) => {
        const content = contentOf(index, entry.labelIndex);
        return {
          content_id: content.id,
          subject: content.subject,
          probability: round(entry.probability),
          lexical: round(entry.lexical),
          semantic: semanticOf(index.contentOfLabel[entry.labelIndex]!),
          score: round(entry.score),
        };
      }),
    },
  });

  const reply: Reply = {
    response_type: 'content',
    content_id: chosen.id,
    reporting_id: chosen.reporting_id,
    response: chosen.response,
    actions: chosen.actions,
    confidence,
  };
  const nextState = remember(state, { utterance: input.utterance, rephrased: text, thread, content_id: chosen.id }, null);
  const generation = index.settings.generation;
  if (generation && options.generation !== false) {
    const sources = reranked.slice(0, generation.maxItems).map((entry) => contentOf(index, entry.labelIndex));
    const request = generationRequest(generation, text, sources.map(toSource));
    trace.push({ stage: 'genhybrid', data: { used: false, pending: true, model: generation.model, items: request.citations.map((c) => c.content_id) } });
    return { reply, trace, state: nextState, generation: request, callout: null };
  }
  trace.push({
    stage: 'genhybrid',
    data: { used: false, reason: index.settings.generationProblem ? `off: ${index.settings.generationProblem}` : 'off' },
  });
  return finish(index, { reply, trace, state: nextState, generation: null, callout: null }, reply.response);
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
function refusalOf(index: EngineIndex, c: Classification, label: EngineIndex['labels'][number] | null): string {
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

function contentOf(index: EngineIndex, labelIndex: number): IndexedContent {
  return index.contents[index.contentOfLabel[labelIndex]!]!;
}

function toSource(content: IndexedContent) {
  return { content_id: content.id, reporting_id: content.reporting_id, subject: content.subject, response: content.response };
}

/** The truncate stage, last: cut the response at the project's word cutoff. */
function finish(index: EngineIndex, result: AnswerResult, response: KbDocument): AnswerResult {
  const cut = truncate(response, index.settings.wordCutoff);
  result.trace.push({ stage: 'truncate', data: { words: cut.words, cutoff: index.settings.wordCutoff, truncated: cut.truncated } });
  return { ...result, reply: { ...result.reply, response: cut.document }, generation: null };
}

/**
 * Completes an answer whose genhybrid request the caller sent: the model's text (with the sources it
 * cited) becomes the response; a failure or timeout keeps the ranked answer and says why in the trace.
 */
export function completeGeneration(
  index: EngineIndex,
  result: AnswerResult,
  outcome: { text: string } | { error: string },
): AnswerResult {
  const request = result.generation as GenerationRequest;
  const trace = result.trace.filter((step) => step.stage !== 'genhybrid');
  if ('text' in outcome && outcome.text.trim()) {
    const generated = generatedResponse(outcome.text, request);
    trace.push({ stage: 'genhybrid', data: { used: true, model: request.model, cited: generated.cited.map((n) => request.citations[n - 1]!.content_id) } });
    return finish(index, { ...result, trace }, generated.document);
  }
  const error = 'error' in outcome ? outcome.error : 'the model answered nothing';
  trace.push({ stage: 'genhybrid', data: { used: false, model: request.model, error } });
  return finish(index, { ...result, trace }, result.reply.response);
}

/** Why a flow's endpoint failed, with the flow's step (stored in the `error` event); the conversation stays where it was. */
export interface CalloutFailure {
  error: string;
  flow: Record<string, unknown>;
}

/**
 * Completes an answer whose business-logic call the caller made: the endpoint's reply is said and the
 * flow moves on, which may need another call (the result's `callout` again). An endpoint that failed
 * or answered what cannot be read fails the turn: the caller answers an error and keeps the state
 * the conversation had before it, so the visitor can try again.
 */
export function completeCallout(index: EngineIndex, result: AnswerResult, outcome: CalloutOutcome): AnswerResult | { failed: CalloutFailure } {
  const callout = result.callout!;
  const flows = index.flows!;
  const blocks = calloutBlocks(outcome);
  if (!Array.isArray(blocks)) return { failed: { error: blocks.error, flow: { ...flowTrace(flows, callout.run), url: callout.url } } };
  const settled = continueAfterCall(flows, callout, blocks);
  const { run } = settled;
  const trace = result.trace.map((step) => (step.stage === 'classify' ? { ...step, data: { ...step.data, flow: flowTrace(flows, run) } } : step));
  return {
    reply: { ...result.reply, response: { children: run.blocks }, actions: run.actions },
    trace,
    state: { ...result.state, flow: run.active ? run.flow : null },
    generation: null,
    callout: settled.callout,
  };
}
