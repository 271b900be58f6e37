import { applyJargon, type JargonRule } from './rephrase';
import type { ConversationState, Turn } from './types';

/**
 * Conversation context (the rephrase stage): a short or elliptic follow-up ("and on saturday?",
 * "how much does that cost?") is read together with the previous question, which names the topic
 * the follow-up leaves out. The previous question must have been answered: a refused one names no
 * topic of the project's.
 */

/** A follow-up this short (meaningful words) is read together with the previous question when it is not understood alone. */
export const FOLLOW_UP_MAX_WORDS = 2;
/** A question this long (words) or longer says what it is about itself, whatever its first word. */
const ELLIPTIC_MAX_WORDS = 8;
/** Words that point back at what was just said. */
const REFERRING = new Set(['it', 'its', 'that', 'this', 'those', 'these', 'them', 'they', 'there', 'one', 'ones', 'same']);
/** First words that continue the previous question. */
const CONTINUING = new Set(['and', 'also', 'but', 'plus']);
/** Closeness or confidence a contextual reading must gain to be chosen for a short question that is understood alone. */
export const CLEARER_BY = 0.15;

/** Why a question may lean on the previous one: it points back, it continues it, or it is short; null: it stands alone. */
type FollowUpCue = { kind: 'refers'; word: string } | { kind: 'continues'; word: string } | { kind: 'short' };

/** The previous turn a question may follow up, if it was answered. */
export function previousAnswered(state: ConversationState | null): Turn | null {
  const previous = state?.turns.at(-1);
  return previous?.content_id ? previous : null;
}

/** Whether (and why) a question may be a follow-up: `words` are all its words, `stems` its meaningful ones. */
export function followUpCue(words: readonly string[], stems: readonly string[]): FollowUpCue | null {
  if (!words.length || words.length > ELLIPTIC_MAX_WORDS) return stems.length <= FOLLOW_UP_MAX_WORDS ? { kind: 'short' } : null;
  if (CONTINUING.has(words[0]!) || (words[1] === 'about' && (words[0] === 'what' || words[0] === 'how'))) return { kind: 'continues', word: words[0]! };
  const referring = words.find((word) => REFERRING.has(word));
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

/** Why the contextual reading was chosen, in words (the rephrase stage's `context.reason`). */
export function contextReason(cue: FollowUpCue, understoodAlone: boolean, alone: number, together: number): string {
  if (cue.kind === 'refers') return `'${cue.word}' refers to the previous question.`;
  if (cue.kind === 'continues') return `'${cue.word}' continues the previous question.`;
  if (!understoodAlone) return 'Alone it was not understood.';
  return `It is clearer with the previous question (${together.toFixed(2)} against ${alone.toFixed(2)}).`;
}
