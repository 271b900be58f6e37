import {
  DEFAULT_HANDOFF_MESSAGE,
  HANDOFF_EXAMPLE_MAX,
  HANDOFF_EXAMPLES_MAX,
  kbFromPlainText,
  type KbDocument,
  type TraceStep,
} from '@console/contracts';
import type { FlowIndex } from './flow-compile';
import { buildSemanticIndex, semanticScores, type SemanticIndex, type TextVectors } from './semantic';
import { stem, words } from './text';
import { round } from './trace';
import type { AnswerResult, ConversationState, FlowState } from './types';

/**
 * A visitor's request for a person ("I want to speak to a human", "real person please"): recognised
 * before the question is classified, in a flow or not, and answered with the project's handoff
 * message (response_type 'handoff'), so a team sees how often visitors ask for one. Recognised by a
 * rule over the words, by the examples' own words, and (semantic understanding) by closeness in
 * meaning to an example. `pipeline_config.handoff_examples` replaces the built-in examples and the
 * rule with the team's own examples; `[]` turns recognition off (decisions.md, "The assistant").
 */

/** The built-in examples: what the rule is about, and what a semantic project compares a question with. */
export const HANDOFF_EXAMPLES: readonly string[] = [
  'I want to speak to a human',
  'talk to an agent',
  'real person please',
  'can I talk to someone',
  'I need to speak with a representative',
  'connect me with customer service',
  'transfer me to an operator',
  'let me chat with a live agent',
  'is there a person I can talk to',
  'put me through to a member of staff',
  'I would like to talk to customer support',
  'human please',
];

/**
 * Closeness in meaning (cosine of USE-lite vectors) to one of the examples that recognises a request.
 * Measured on the public test questions (Banking77, Braun, StackFAQ) and on paraphrases written for
 * it (decisions.md, "The assistant"): none of the former came this close, most of the latter did.
 */
export const HANDOFF_CLOSENESS = 0.75;

/** What a snapshot's pipeline_config makes of recognition: the examples in effect, or off. */
interface HandoffConfig {
  examples: readonly string[];
  /** Whether the built-in rule applies (only with the built-in examples: a team's examples replace both). */
  rule: boolean;
}

/** pipeline_config.handoff_examples: absent (or not a list) the built-in ones, a list of strings replaces them, `[]` is off. */
export function handoffConfig(pipelineConfig: Record<string, unknown>): HandoffConfig | null {
  const value = pipelineConfig.handoff_examples;
  if (!Array.isArray(value)) return { examples: HANDOFF_EXAMPLES, rule: true };
  // The settings refuse anything else (contracts); a stored value is still read defensively.
  const examples = value
    .filter((example): example is string => typeof example === 'string' && example.trim().length > 0)
    .map((example) => example.trim().slice(0, HANDOFF_EXAMPLE_MAX))
    .slice(0, HANDOFF_EXAMPLES_MAX);
  return examples.length ? { examples, rule: false } : null;
}

/** What answering needs: the examples, their words and their vectors (semantic), the rule, the message. */
export interface HandoffIndex {
  examples: string[];
  rule: boolean;
  /** Each example's stems (UNCOUNTED words aside), sorted and joined: a question with the same stems is that example. */
  keys: string[];
  /** The examples' sentence vectors, one row each (semantic understanding), else null. */
  semantic: SemanticIndex | null;
  response: KbDocument;
}

export function compileHandoff(
  pipelineConfig: Record<string, unknown>,
  message: string | undefined,
  textVectors: TextVectors | null,
): HandoffIndex | null {
  const config = handoffConfig(pipelineConfig);
  if (!config) return null;
  const examples = [...config.examples];
  const semantic = textVectors ? buildSemanticIndex(examples.map((text) => ({ subject: text, utterances: [], passages: [] })), textVectors) : null;
  return {
    examples,
    rule: config.rule,
    keys: examples.map((example) => stemKey(words(example))),
    semantic: semantic?.owner.length ? semantic : null,
    response: kbFromPlainText(message?.trim() || DEFAULT_HANDOFF_MESSAGE, { links: true }),
  };
}

/**
 * Words an example's words are compared without: courtesy and articles ('a human please' is 'human
 * please'). Other stop words count: 'are you a real person' is not 'real person please'.
 */
const UNCOUNTED = new Set(['please', 'pls', 'plz', 'thanks', 'thank', 'hi', 'hello', 'hey', 'a', 'an', 'the', 'of', 'some']);

function stemKey(read: readonly string[]): string {
  return [...new Set(read.filter((word) => !UNCOUNTED.has(word)).map(stem))].sort().join(' ');
}

/** Why a question was recognised: the rule (and the words it matched) or an example (and how close). */
export type HandoffMatch =
  | { by: 'rule'; rule: HandoffRule; words: string }
  | { by: 'example'; example: string; closeness: number | null };

type HandoffRule = 'contact' | 'put_through' | 'short_request' | 'asks_for' | 'is_there';

const RULE_WORDS: Record<HandoffRule, string> = {
  contact: 'speak, talk or chat to a person',
  put_through: 'connect, transfer or put me through to a person',
  short_request: 'a short request naming a person',
  asks_for: 'want, need or ask for a person',
  is_there: 'is there a person to talk to',
};

/** Recognises a request for a person in a question (its words as read, its sentence vector if semantic). */
export function recogniseHandoff(index: HandoffIndex | null, read: readonly string[], meaning: Float32Array | null): HandoffMatch | null {
  if (!index || !read.length) return null;
  const key = stemKey(read);
  const same = key ? index.keys.indexOf(key) : -1;
  if (same >= 0) return { by: 'example', example: index.examples[same]!, closeness: null };
  // Every rule needs a person: most questions name none, and the rule's walk need not run for them.
  if (index.rule && read.some(namesSomeone)) {
    const ruled = byRule(read);
    if (ruled) return ruled;
  }
  // A sentence vector barely sees a negation: 'I don't want to talk to a human' is close to asking for one.
  if (!index.semantic || !meaning || read.some((word) => NEGATION.has(word))) return null;
  const scores = semanticScores(index.semantic, meaning, new Float64Array(index.examples.length));
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  return scores[best]! >= HANDOFF_CLOSENESS ? { by: 'example', example: index.examples[best]!, closeness: round(scores[best]!) } : null;
}

/** The trace's words for a recognised request. */
function handoffReason(match: HandoffMatch): string {
  if (match.by === 'example') {
    return match.closeness === null
      ? `It has the words of the handoff example '${match.example}'.`
      : `It is ${match.closeness.toFixed(2)} close in meaning to the handoff example '${match.example}' (${HANDOFF_CLOSENESS.toFixed(2)} is needed).`;
  }
  return `It asks for a person ('${match.words}': ${RULE_WORDS[match.rule]}).`;
}

// The rule, over the question's lower-cased words: a person word after a contact verb in the form of a
// request, or a person word alone in a short request. Present forms only ('I spoke to an agent
// yesterday' tells of a person, it does not ask for one); 'transfer' and 'connect' only as 'transfer
// me' or 'be transferred' ('transfer money to someone' is a payment); only articles and adjectives
// between the verb and the person ('I want to identify the person who ...' asks for none); no negation
// just before the verb; and not a question about what is needed ('do I need to speak to a
// representative to change my pin?'). Measured in decisions.md, "The assistant".

/** Words naming a person a visitor may ask for, each enough alone in a short request ('agent', 'human please'). */
const PERSON = new Set(['human', 'humans', 'person', 'agent', 'agents', 'operator', 'operators', 'representative', 'representatives', 'rep', 'staff', 'advisor', 'adviser']);
/** Words that name a person after a contact verb ('talk to someone', 'speak with your team'), not alone. */
const SOMEONE = new Set([
  ...PERSON,
  'someone', 'somebody', 'anyone', 'anybody', 'people', 'team', 'employee', 'manager', 'supervisor', 'colleague', 'consultant', 'specialist',
]);
/** 'customer service', 'client support', 'help desk': a person too. */
const SERVICE_OF = new Set(['customer', 'customers', 'client', 'support', 'help']);
const SERVICE = new Set(['service', 'services', 'support', 'care', 'team', 'desk']);
/** Words a short request may hold beside a person word ('I want a real person please', 'any humans around?'). */
const FILLER = new Set([
  'please', 'pls', 'plz', 'now', 'asap', 'a', 'an', 'the', 'some', 'any', 'real', 'live', 'actual', 'proper', 'human', 'i', "i'd", 'id', "i'm", 'want',
  'need', 'would', 'like', 'to', 'give', 'me', 'can', 'could', 'get', 'just', 'hi', 'hello', 'hey', 'ok', 'okay', 'speak', 'talk', 'chat', 'with',
  'let', 'around', 'available', 'online',
]);
const SHORT_REQUEST_WORDS = 8;
/** Verbs followed by 'to' or 'with' and a person. */
const CONTACT = new Set(['speak', 'talk', 'chat']);
/** Verbs followed by 'me' and a person ('put me through to someone'). */
const PUT_THROUGH = new Set(['connect', 'transfer', 'put', 'get', 'pass', 'hand', 'switch', 'patch', 'forward', 'redirect', 'escalate']);
/** Their passive forms after 'be' ('can I be connected to an advisor'). */
const PUT_THROUGH_PASSIVE = new Set(['connected', 'transferred', 'put', 'passed', 'handed', 'switched', 'patched', 'forwarded', 'redirected', 'escalated']);
/** Verbs whose object, a person ending the request, is asked for ('I want a human', 'I'd prefer a human agent'). */
const ASKING = new Set(['want', 'need', 'request', 'like', 'prefer']);
/** Words that may follow the person a request asks for. */
const REQUEST_END = new Set(['please', 'pls', 'now', 'asap', 'instead', 'to', 'who', 'that', 'here', 'right', 'immediately', 'thanks', 'thank']);
const NEGATION = new Set(["don't", 'dont', 'not', 'never', 'no', "doesn't", "didn't", "won't"]);
/** 'do I need to ...', 'must I ...': a question about what is needed, not a request. */
const WHETHER = /^(do|does|did|must|should|will) (i|we|you) (need|have|got)\b/;
/**
 * At most this many words between a contact verb's preposition (or 'me') and the person, each one of
 * MODIFIERS: 'talk to one of your agents' (two more after 'me': 'put me through to a member of staff').
 */
const GAP = 3;
const MODIFIERS = new Set([
  'a', 'an', 'the', 'some', 'one', 'of', 'your', 'real', 'live', 'actual', 'proper', 'human', 'any', 'another', 'other', 'member', 'members',
  'through', 'to', 'with', 'customer', 'client', 'support', 'help',
]);

/** Whether a word may be the person of a rule (every rule needs one: a person word, or the service of 'customer service'). */
function namesSomeone(word: string): boolean {
  return SOMEONE.has(word) || SERVICE.has(word);
}

function byRule(read: readonly string[]): HandoffMatch | null {
  const isPerson = (at: number, names: ReadonlySet<string>) => names.has(read[at]!) || (SERVICE.has(read[at]!) && SERVICE_OF.has(read[at - 1] ?? ''));
  /** The last word of the person named from `from` on after modifiers alone ('a real human agent'), or -1. */
  const personAt = (from: number, gap: number, names: ReadonlySet<string> = SOMEONE) => {
    for (let at = from; at < Math.min(read.length, from + gap + 1); at++) {
      if (isPerson(at, names)) {
        let last = at;
        while (last + 1 < read.length && isPerson(last + 1, names)) last += 1;
        return last;
      }
      if (!MODIFIERS.has(read[at]!)) return -1;
    }
    return -1;
  };
  const negated = (at: number) => read.slice(Math.max(0, at - 3), at).some((word) => NEGATION.has(word));
  const matched = (rule: HandoffRule, from: number, to: number): HandoffMatch => ({ by: 'rule', rule, words: read.slice(from, to + 1).join(' ') });

  if (!WHETHER.test(read.slice(0, 3).join(' '))) {
    for (let at = 0; at < read.length; at++) {
      const word = read[at]!;
      if (negated(at)) continue;
      const next = read[at + 1];
      let found = -1;
      // speak / talk / chat to|with (a real) person
      if (CONTACT.has(word) && (next === 'to' || next === 'with')) found = personAt(at + 2, GAP);
      if (found >= 0) return matched('contact', at, found);
      // connect / transfer / put / get me (through) to a person; be connected to a person
      if (PUT_THROUGH.has(word) && next === 'me') found = personAt(at + 2, GAP + 2);
      else if (PUT_THROUGH_PASSIVE.has(word) && read[at - 1] === 'be') found = personAt(at + 1, GAP + 2);
      if (found >= 0) return matched('put_through', at, found);
      // want / need / would like / prefer a person, ending the request
      if (ASKING.has(word)) found = personAt(at + 1, GAP, PERSON);
      if (found >= 0 && (found + 1 >= read.length || REQUEST_END.has(read[found + 1]!))) return matched('asks_for', at, found);
    }
  }
  // is there / do you have a person (I can talk to | available)
  const opener = /^(is there|are there|do you have|have you got)\b/.exec(read.slice(0, 3).join(' '));
  if (opener) {
    const found = personAt(opener[1]!.split(' ').length, GAP);
    const verb = found >= 0 ? read.slice(found + 1, found + 6).findIndex((word) => CONTACT.has(word) || word === 'available' || word === 'online') : -1;
    if (verb >= 0) return matched('is_there', 0, found + 1 + verb);
  }
  // human please / real person / customer service
  if (read.length > SHORT_REQUEST_WORDS || read.some((word) => NEGATION.has(word))) return null;
  let named = false;
  for (let at = 0; at < read.length; at++) {
    if (isPerson(at, PERSON)) named = true;
    else if (!FILLER.has(read[at]!) && !(SERVICE_OF.has(read[at]!) && SERVICE.has(read[at + 1] ?? ''))) return null;
  }
  return named ? matched('short_request', 0, read.length - 1) : null;
}

/**
 * The answer to a recognised request: the project's handoff message, with the stages' trace (the
 * classify stage says why it was recognised). A visitor in a flow leaves it; the turn is remembered
 * unanswered, so the next question is not read as its follow-up.
 */
export function handoffAnswer(
  index: { handoff: HandoffIndex | null; flows: FlowIndex | null; settings: { wordCutoff: number } },
  question: { utterance: string; text: string; jargon: unknown },
  match: HandoffMatch,
  state: { before: FlowState | null; after: ConversationState },
): AnswerResult {
  const confidence = match.by === 'example' && match.closeness !== null ? match.closeness : 1;
  const trace: TraceStep[] = [
    { stage: 'rephrase', data: { input: question.utterance, output: question.text, jargon: question.jargon, context: null } },
    {
      stage: 'classify',
      data: {
        decision: 'handoff',
        label: null,
        confidence,
        handoff: { ...match, reason: handoffReason(match) },
        refusal: null,
        top: [],
        flow: leftFlow(index.flows, state.before),
      },
    },
    { stage: 'rank', data: { skipped: 'handoff' } },
    { stage: 'rerank', data: { skipped: 'handoff' } },
    { stage: 'genhybrid', data: { used: false, reason: 'handoff' } },
    { stage: 'truncate', data: { words: 0, cutoff: index.settings.wordCutoff, truncated: false } },
  ];
  return {
    reply: { response_type: 'handoff', content_id: null, reporting_id: null, response: index.handoff!.response, actions: [], confidence },
    trace,
    state: state.after,
    generation: null,
    callout: null,
  };
}

/** The flow a request for a person left, as the classify stage's `flow` shows one (null outside a flow). */
function leftFlow(flows: FlowIndex | null, flow: FlowState | null): Record<string, unknown> | null {
  if (!flow) return null;
  const sequence = flows?.sequences[flow.sequence_id];
  const node = sequence?.nodes[flow.node_id];
  return {
    sequence: { id: flow.sequence_id, name: sequence?.name ?? flow.sequence_id },
    node: { id: flow.node_id, name: node?.name ?? flow.node_id },
    step: 'left',
    steps: ['left'],
  };
}
