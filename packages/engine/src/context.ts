import type { LexicalIndex } from './rank';
import { applyJargon, type JargonRule } from './jargon';
import type { ConversationState, Turn } from './types';

/**
 * Conversation context (the rephrase stage): a follow-up that leans on the previous answered
 * question ("and on saturday?", "how much does that cost?") is read together with it, since it
 * leaves out the topic the previous question named. A question leans on it only when it really
 * does: it points back or continues it, or it is a fragment not understood alone whose words are
 * the previous topic's. A question whose meaningful words the project does not know, a short one
 * another item answers on its own, or a complete question stands alone, and is answered (or
 * refused) as the first question of a conversation would be.
 */

/** A follow-up this short (meaningful words) may be a fragment of the previous question. */
export const FOLLOW_UP_MAX_WORDS = 2;
/** A question this long (words) or longer says what it is about itself, whatever its first word. */
const ELLIPTIC_MAX_WORDS = 8;
/** Words that point back at what was just said. */
const REFERRING = new Set(['it', 'its', 'that', 'this', 'those', 'these', 'them', 'they', 'there', 'one', 'ones', 'same']);
/** Forms of 'be' that make 'there' existential ("is there a fee?"), not a place named before. */
const BE = new Set(['is', 'are', 'was', 'were', 'be', "there's", 'isn', 'aren']);
/** Words after which 'one' points back ("which one", "the same one") rather than counting ("all in one"). */
const POINTING_DETERMINERS = new Set(['the', 'that', 'this', 'which', 'same', 'other', 'another', 'cheaper', 'cheapest', 'bigger', 'smaller', 'new', 'old']);
/** First words that continue the previous question. */
const CONTINUING = new Set(['and', 'also', 'but', 'plus']);
/** Closeness or confidence a contextual reading must gain over the question alone to be chosen when it points back. */
const CLEARER_BY = 0.15;

/** Why a question may lean on the previous one: it points back, it continues it, or it is short; null: it stands alone. */
export type FollowUpCue = { kind: 'refers'; word: string } | { kind: 'continues'; word: string } | { kind: 'short' };

/** The previous turn a question may follow up, if it was answered. */
export function previousAnswered(state: ConversationState | null): Turn | null {
  const previous = state?.turns.at(-1);
  return previous?.content_id ? previous : null;
}

/** The word that points back, if any: 'there' after 'is' is existential, 'one' points back only after a determiner. */
function referringWord(words: readonly string[]): string | null {
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!REFERRING.has(word)) continue;
    if (word === 'there' && (BE.has(words[i - 1] ?? '') || BE.has(words[i + 1] ?? ''))) continue;
    if ((word === 'one' || word === 'ones') && !POINTING_DETERMINERS.has(words[i - 1] ?? '')) continue;
    return word;
  }
  return null;
}

/** Whether (and why) a question may be a follow-up: `words` are all its words, `stems` its meaningful ones. */
export function followUpCue(words: readonly string[], stems: readonly string[]): FollowUpCue | null {
  if (!words.length || words.length > ELLIPTIC_MAX_WORDS) return stems.length <= FOLLOW_UP_MAX_WORDS ? { kind: 'short' } : null;
  if (CONTINUING.has(words[0]!) || (words[1] === 'about' && (words[0] === 'what' || words[0] === 'how'))) return { kind: 'continues', word: words[0]! };
  const referring = referringWord(words);
  if (referring) return { kind: 'refers', word: referring };
  return stems.length <= FOLLOW_UP_MAX_WORDS ? { kind: 'short' } : null;
}

/**
 * What a follow-up of `previous` leans on: its reading, or, when it was itself read with the context,
 * its own words (the project's jargon applied, as answering reads them) and the topic it leaned on.
 * At most two questions, however long the run of follow-ups.
 */
export function leanedOn(previous: Turn, jargon: readonly JargonRule[]): string {
  return previous.thread === null ? previous.rephrased : `${applyJargon(jargon, previous.utterance).text} ${previous.thread}`;
}

/** The question read with what the previous turn leaves to lean on (`leanedOn`): the question first, so its own words lead. */
export function withPrevious(question: string, leaning: string): string {
  return `${question} ${leaning}`;
}

/** The topic a turn read with the context of `previous` keeps for its own follow-ups (Turn.thread). */
export function threadOf(previous: Turn): string {
  return previous.thread ?? previous.rephrased;
}

/** How a question was read against the previous answered one: with it (`lean`) or alone, and why, in words. */
export type ContextChoice = { lean: true; reason: string } | { lean: false; reason: string };

/** What the follow-up rule needs to know of the question alone and of its reading with the previous question. */
export interface FollowUpEvidence {
  cue: FollowUpCue | null;
  /** The question's meaningful stems, and the words they were read from (the same order), to name them. */
  stems: readonly string[];
  words: readonly string[];
  /** The question alone: understood, as which item (content position, -1 for none), how confidently. */
  alone: { understood: boolean; item: number; subject: string | null; confidence: number };
  /** The question read with the previous one, computed only when asked for. */
  together: () => { understood: boolean; item: number; confidence: number };
  /** The content position of the previous answer (-1 when it is no longer in the project). */
  previousItem: number;
  /** The previous reading's meaningful stems (the topic the question would lean on). */
  previousStems: ReadonlySet<string>;
}

const quoted = (words: readonly string[]) => words.map((word) => `'${word}'`).join(', ');

/** Whether a stem belongs to the previous topic: in the previous reading, or in the previous answer's item. */
function ofPreviousTopic(lexical: LexicalIndex, evidence: FollowUpEvidence, stem: string): boolean {
  if (evidence.previousStems.has(stem)) return true;
  const documents = lexical.postings.get(stem)?.documents;
  return evidence.previousItem >= 0 && documents !== undefined && documents.includes(evidence.previousItem);
}

/**
 * The follow-up rule. A question stands alone when it has no cue of leaning, when none of its
 * meaningful words is known to the project (nothing of the topic is in it: "what is the capital of
 * France?" after a shipping answer), when it is a short fragment that is understood alone (another
 * item answers it: "lights off" after an alarm) or whose words are not the previous topic's ("tell
 * me a joke"). A question that continues the previous one ("and ...", "what about ...") leans on
 * it whenever the two are understood together; one that points back at it ('that', 'it') when alone
 * it is not understood, and when alone it is understood only if the reading with the previous question answers something else than both the question
 * alone and the previous answer (a continued topic: "how much does that cost?" after home delivery
 * is delivery prices), or is clearer by CLEARER_BY: pointing words are often no pointers at all ("is
 * it possible to ..."), and a reading that only repeats the previous answer is the hijack to avoid.
 */
export function chooseReading(lexical: LexicalIndex, evidence: FollowUpEvidence): ContextChoice {
  const { cue, stems, alone } = evidence;
  const wordsOf = (chosen: readonly string[]) => chosen.map((stem) => evidence.words[stems.indexOf(stem)] ?? stem);
  if (!cue) return { lean: false, reason: 'It names its own topic, so it was read alone.' };
  const unknown = stems.filter((stem) => !lexical.postings.has(stem));
  if (stems.length && unknown.length === stems.length) {
    return { lean: false, reason: `None of its words (${quoted(wordsOf(stems))}) is known to the project, so it was read alone.` };
  }
  if (cue.kind === 'short') {
    if (alone.understood) return { lean: false, reason: `Alone it is understood as '${alone.subject}', so it was read alone.` };
    if (!stems.length) return { lean: false, reason: 'It names nothing to follow up, so it was read alone.' };
    const foreign = stems.filter((stem) => !ofPreviousTopic(lexical, evidence, stem));
    if (foreign.length) return { lean: false, reason: `${quoted(wordsOf(foreign))} ${foreign.length === 1 ? 'is' : 'are'} not about the previous topic, so it was read alone.` };
    const together = evidence.together();
    if (!together.understood) return { lean: false, reason: 'Not understood with the previous question either, so it was read alone.' };
    return { lean: true, reason: 'Alone it was not understood, and its words are about the previous topic.' };
  }
  const pointer = cue.kind === 'refers' ? `'${cue.word}' refers to the previous question` : `'${cue.word}' continues the previous question`;
  const together = evidence.together();
  if (!together.understood) return { lean: false, reason: `${pointer}, but with it the question is not understood either, so it was read alone.` };
  if (!alone.understood) return { lean: true, reason: `${pointer}, and alone it was not understood.` };
  if (cue.kind === 'continues') return { lean: true, reason: `${pointer}.` };
  if (together.item !== alone.item && together.item !== evidence.previousItem && together.confidence >= alone.confidence) {
    return { lean: true, reason: `${pointer}, and with it the question is about another item than alone, more surely.` };
  }
  if (together.item !== alone.item && together.confidence >= alone.confidence + CLEARER_BY) {
    return { lean: true, reason: `${pointer}, and with it the question is clearer (${together.confidence.toFixed(3)} against ${alone.confidence.toFixed(3)}).` };
  }
  return { lean: false, reason: `Alone it is understood as '${alone.subject}', so it was read alone.` };
}
