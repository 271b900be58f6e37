import {
  BUSINESS_LOGIC_CALLS_PER_TURN,
  defaultSlotPrompt,
  defaultSlotReprompt,
  FLOW_CANCEL_PHRASES,
  FLOW_CANCELLED,
  flowConfirmation,
  flowGaveUp,
  kbFromPlainText,
  type KbBlock,
  type QuickReply,
} from '@console/contracts';
import type { Decision, Verdict } from './classify';
import type { FlowIndex, FlowNode, FlowNodeSlot, FlowSequence } from './flow-compile';
import { fold, readSlotValue, termOccurrences } from './slot-values';
import { words } from './text';
import type { CalloutBody, FlowCallout, FlowRun, FlowState } from './types';

/**
 * Sequences at answer time. A question classified as an entry intent starts the sequence whose node
 * lists it; a node asks for its slots one prompt at a time and reads them from the visitor's words
 * (slot-values.ts); an answer that does not fill the awaited slot is asked again with the re-prompt,
 * up to the slot's attempts, then the flow gives up; once the node has its slots, its business-logic
 * endpoint is called (the caller makes the call: `FlowCallout`) and its reply is the answer; then the
 * flow follows its transitions: a node with follow-up intents waits for the visitor's next question
 * to be one of them, a node without is entered at once, and the end of a sequence starts the next one
 * of its active scenario. A question the project clearly answers otherwise leaves the flow, and
 * 'cancel', 'stop' or 'never mind' end it.
 */

/** Terms offered as quick replies with a slot's prompt. */
export const FLOW_QUICK_REPLIES = 5;

/**
 * A question understood as content leaves a flow that awaits a slot only when it is clearly a
 * question of its own: at least this many meaningful words, or phrased as a question (an opening
 * question word or a closing '?') with at least two. A slot answer is a word or two ('a toaster',
 * 'the kettle') that the content may well resemble, and a small project's classifier is as sure of
 * 'a toaster' (0.92, the return policy) as of 'What are your opening hours?' (0.997): its
 * confidence cannot tell them apart.
 */
const LEAVING_MEANINGFUL_WORDS = 3;
const QUESTION_MEANINGFUL_WORDS = 2;
/** Words that open an English question ('what are ...', 'do you ...'). */
const QUESTION_OPENERS = new Set(['what', 'when', 'where', 'why', 'who', 'whom', 'whose', 'which', 'how', 'can', 'could', 'do', 'does', 'did', 'is', 'are', 'was', 'were', 'will', 'would', 'should', 'shall', 'may', 'might', 'have', 'has']);

/** Whether a question understood alone as content is clear enough to leave a flow that awaits a slot. */
function clearlyContent(utterance: string, meaningfulWords: number): boolean {
  if (meaningfulWords >= LEAVING_MEANINGFUL_WORDS) return true;
  const asks = QUESTION_OPENERS.has(words(utterance)[0] ?? '') || utterance.trim().endsWith('?');
  return asks && meaningfulWords >= QUESTION_MEANINGFUL_WORDS;
}

/* ------------------------------------------------------------ slot values */

/** What a turn's question is read as within a flow. */
interface Question {
  utterance: string;
  /** The question with the project's jargon applied, when any was (a term's keyword may be a slot's term). */
  jargoned: string | null;
  /** When the question is answered (ISO 8601), what 'tomorrow' is read against; absent or unreadable: the time of the call. */
  now?: string | undefined;
}

function timeOf(question: Question): Date {
  const now = question.now ? new Date(question.now) : null;
  return now && !Number.isNaN(now.getTime()) ? now : new Date();
}

/** Fills each group's missing terms slots in turn from the terms a text names, longest first, words one slot took not read again. */
function fillTerms(flows: FlowIndex, flow: FlowState, groups: string[][], text: string): string[] {
  const taken: [number, number][] = [];
  const filled: string[] = [];
  for (const group of groups) {
    // A slot awaited since before a redeploy may be gone from this snapshot.
    const missing = [...new Set(group)].filter((id) => flow.slots[id] === undefined && flows.slots[id]?.type === 'terms');
    const matches = missing.flatMap((slotId, rank) => termOccurrences(text, flows.slots[slotId]!.terms).map((match) => ({ ...match, slotId, rank })));
    matches.sort((a, b) => b.end - b.start - (a.end - a.start) || a.rank - b.rank || a.start - b.start);
    for (const match of matches) {
      if (flow.slots[match.slotId] !== undefined || taken.some(([start, end]) => match.start < end && start < match.end)) continue;
      flow.slots[match.slotId] = match.term;
      taken.push([match.start, match.end]);
      filled.push(match.slotId);
    }
  }
  return filled;
}

/**
 * Fills the flow's missing slots from a question. Terms slots of the whole sequence, the current
 * node's first (the awaited one first of all), from the question's words and then from its jargon's
 * keywords; a slot of another type only when it is the awaited one (a number or free text would fill
 * every such slot). Returns the slots filled and, when a slot was awaited, what was read for it.
 */
function fillSlots(flows: FlowIndex, run: FlowRun, question: Question): string[] {
  const { flow } = run;
  const sequence = flows.sequences[flow.sequence_id]!;
  const awaited = flow.awaiting.kind === 'slot' ? flow.awaiting.slot_id : null;
  const here = [...(awaited ? [awaited] : []), ...sequence.nodes[flow.node_id]!.slots.map((slot) => slot.id)];
  const elsewhere = Object.values(sequence.nodes).flatMap((node) => node.slots.map((slot) => slot.id));
  const filled = fillTerms(flows, flow, [here, elsewhere], question.utterance);
  if (question.jargoned) filled.push(...fillTerms(flows, flow, [here, elsewhere], question.jargoned));
  const slot = awaited ? flows.slots[awaited] : undefined;
  if (!awaited || !slot) return filled;
  // The awaited slot: a typed one is read now; a terms one was read above, and its reader says why it was not.
  let value = flow.slots[awaited] ?? null;
  let refusal: string | null = null;
  if (value === null) {
    const reading = readSlotValue(slot, question.utterance, timeOf(question));
    if ('refusal' in reading) refusal = reading.refusal;
    else if (slot.type !== 'terms') {
      value = flow.slots[awaited] = reading.value;
      filled.unshift(awaited);
    }
  }
  run.read = { slot: awaited, value, refusal };
  return filled;
}

/* ---------------------------------------------------------------- cancel */

/** Words said around a cancel without changing it ('ok, cancel please', 'stop, thanks'). */
const POLITENESS = new Set(['please', 'pls', 'ok', 'okay', 'thanks', 'thx', 'sorry', 'oh', 'just']);
const CANCEL_PHRASES = new Set<string>(FLOW_CANCEL_PHRASES);

/** Whether the whole answer is one of FLOW_CANCEL_PHRASES (case, punctuation and politeness words aside). */
function isCancel(utterance: string): boolean {
  const spoken = fold(utterance).replace(/\bthank you\b/gu, ' ').match(/[\p{L}\p{N}']+/gu) ?? [];
  return CANCEL_PHRASES.has(spoken.filter((word) => !POLITENESS.has(word)).join(' '));
}

/* -------------------------------------------------------------- the run */

/** A run that stopped: either to wait for the visitor, or for the caller to make a call. */
export interface Settled {
  run: FlowRun;
  callout: FlowCallout | null;
}

function placeOf(flows: FlowIndex, flow: FlowState): { sequence: FlowSequence; node: FlowNode } {
  const sequence = flows.sequences[flow.sequence_id]!;
  return { sequence, node: sequence.nodes[flow.node_id]! };
}

function valuesOf(flows: FlowIndex, flow: FlowState): Record<string, string> {
  return Object.fromEntries(Object.entries(flow.slots).flatMap(([id, value]) => (flows.slots[id] ? [[flows.slots[id].name, value]] : [])));
}

/**
 * The flow's step in the classify stage's trace: where it stands, what the question did (`steps`),
 * the slot asked for or filled (its name, as traces always had it, and its type), what the answer gave
 * for the awaited slot (`read`: the value, or why none), the awaited slot's unfilled answers against
 * its limit, the values held and the calls made.
 */
export function flowTrace(flows: FlowIndex, run: FlowRun): Record<string, unknown> {
  const { sequence, node } = placeOf(flows, run.flow);
  const slot = run.slot ? flows.slots[run.slot] : undefined;
  const readSlot = run.read ? flows.slots[run.read.slot] : undefined;
  return {
    sequence: { id: sequence.id, name: sequence.name },
    node: { id: node.id, name: node.name },
    step: run.steps.at(-1) ?? 'start',
    steps: run.steps,
    slot: slot?.name ?? null,
    slot_type: slot?.type ?? null,
    read: run.read ? { slot: readSlot?.name ?? null, type: readSlot?.type ?? null, value: run.read.value, refusal: run.read.refusal } : null,
    attempts: run.attempts,
    slots: valuesOf(flows, run.flow),
    calls: run.calls,
  };
}

function newRun(flow: FlowState): FlowRun {
  return {
    flow: { ...flow, slots: { ...flow.slots } },
    active: true,
    blocks: [],
    actions: [],
    entered: [],
    calls: [],
    steps: [],
    slot: null,
    read: null,
    attempts: null,
    answered: false,
  };
}

function needsAnySlot(flows: FlowIndex, flow: FlowState): boolean {
  const combination = flow.scenario_id ? flows.scenarios[flow.scenario_id]?.combination : undefined;
  return combination?.endsWith('-any') ?? false;
}

function say(run: FlowRun, text: string): void {
  run.blocks.push(...kbFromPlainText(text).children);
}

/** A terms slot's terms as quick replies; other types offer none. */
function choicesOf(flows: FlowIndex, slotId: string): QuickReply[] {
  const { type, terms } = flows.slots[slotId]!;
  return type === 'terms' ? terms.slice(0, FLOW_QUICK_REPLIES).map((term) => ({ type: 'query', label: term, utterance: term })) : [];
}

/** How many unfilled answers a node's slot takes before the flow gives up: the node's, else the slot's. */
function maxAttemptsOf(flows: FlowIndex, slot: FlowNodeSlot): number {
  return slot.maxAttempts ?? flows.slots[slot.id]!.maxAttempts;
}

/** Asks for a slot: the node's prompt, else the slot's, else 'What is the {slot}?'. */
function ask(flows: FlowIndex, run: FlowRun, slot: FlowNodeSlot): Settled {
  const { name, prompt } = flows.slots[slot.id]!;
  run.flow.awaiting = { kind: 'slot', slot_id: slot.id, attempts: 0 };
  say(run, slot.prompt || prompt || defaultSlotPrompt(name));
  run.actions = choicesOf(flows, slot.id);
  run.slot = slot.id;
  run.attempts = { count: 0, max: maxAttemptsOf(flows, slot) };
  run.steps.push('ask');
  return { run, callout: null };
}

/**
 * An answer that did not fill the awaited slot: asked again with the re-prompt (the node's, else the
 * slot's, else the default) and the terms as quick replies, until it has had as many unfilled answers
 * as its limit: then the flow gives up and says so.
 */
function askAgain(flows: FlowIndex, run: FlowRun, slot: FlowNodeSlot, attempts: number): Settled {
  const { name, reprompt } = flows.slots[slot.id]!;
  const count = attempts + 1;
  run.slot = slot.id;
  run.attempts = { count, max: maxAttemptsOf(flows, slot) };
  if (count >= run.attempts.max) return stop(run, 'gave_up', flowGaveUp(name));
  run.flow.awaiting = { kind: 'slot', slot_id: slot.id, attempts: count };
  say(run, slot.reprompt || reprompt || defaultSlotReprompt(name));
  run.actions = choicesOf(flows, slot.id);
  run.steps.push('reprompt');
  return { run, callout: null };
}

/** Ends the flow on this turn's step, saying why. */
function stop(run: FlowRun, step: 'gave_up' | 'cancelled', text: string): Settled {
  run.active = false;
  run.steps.push(step);
  say(run, text);
  return { run, callout: null };
}

/** The node the flow is at, once entered: asks for what it lacks, else calls its endpoint, else moves on. */
function settle(flows: FlowIndex, run: FlowRun, conversation: string | null): Settled {
  const { sequence, node } = placeOf(flows, run.flow);
  const missing = node.slots.filter((slot) => run.flow.slots[slot.id] === undefined);
  const enough = needsAnySlot(flows, run.flow) ? missing.length < node.slots.length || !node.slots.length : !missing.length;
  if (!enough) return ask(flows, run, missing[0]!);
  if (!node.call) return moveOn(flows, run, conversation);
  if (run.calls.length >= BUSINESS_LOGIC_CALLS_PER_TURN) return end(flows, run);
  run.calls.push(node.call.url);
  run.steps.push('call');
  const body: CalloutBody = {
    sequence: { id: sequence.id, name: sequence.name },
    node: { id: node.id, name: node.name },
    conv_id: conversation,
    slots: valuesOf(flows, run.flow),
    configuration: node.call.configuration,
  };
  return { run, callout: { url: node.call.url, body, run } };
}

function end(flows: FlowIndex, run: FlowRun): Settled {
  run.active = false;
  run.steps.push('done');
  const { node } = placeOf(flows, run.flow);
  if (!node.call || !run.answered) {
    const values = Object.entries(valuesOf(flows, run.flow)).map(([name, value]) => ({ name, value }));
    say(run, flowConfirmation(values));
  }
  return { run, callout: null };
}

/** Enters a node: a node entered already this turn (a loop of nodes) ends the flow instead. */
function enter(flows: FlowIndex, run: FlowRun, sequenceId: string, nodeId: string, conversation: string | null): Settled {
  const key = `${sequenceId}/${nodeId}`;
  if (run.entered.includes(key)) return end(flows, run);
  run.entered.push(key);
  run.answered = false;
  run.flow.sequence_id = sequenceId;
  run.flow.node_id = nodeId;
  return settle(flows, run, conversation);
}

/** After a node: its successor without follow-up intents at once, else wait for a follow-up, else the scenario's next sequence, else the end. */
function moveOn(flows: FlowIndex, run: FlowRun, conversation: string | null): Settled {
  const { sequence, node } = placeOf(flows, run.flow);
  const next = (sequence.next[node.id] ?? []).map((id) => sequence.nodes[id]!);
  const immediate = next.find((successor) => !successor.followUp.length);
  if (immediate) return enter(flows, run, sequence.id, immediate.id, conversation);
  if (next.length) {
    run.flow.awaiting = { kind: 'follow_up' };
    run.steps.push('follow_up');
    return { run, callout: null };
  }
  const following = run.flow.scenario_id ? flows.scenarios[run.flow.scenario_id]?.next[sequence.id]?.[0] : undefined;
  const start = following ? flows.sequences[following]?.start : null;
  if (following && start) return enter(flows, run, following, start, conversation);
  return end(flows, run);
}

/* ---------------------------------------------------------------- a turn */

/**
 * What a flow makes of a question: its answer (`decidedBy` 'answer' when the flow read the question as
 * the answer it awaited, so no ranking decided it; 'intent' when an entry or follow-up intent did), or
 * none (answered as any question), with the flow it left if any.
 */
type FlowTurn =
  | { kind: 'flow'; settled: Settled; decidedBy: 'answer' | 'intent' }
  | { kind: 'none'; left: Record<string, unknown> | null };

export interface FlowQuestion extends Question {
  /** The entry or follow-up intent the question was classified as (null: content or out of scope). */
  intent: string | null;
  /**
   * Whether the project clearly answers the question on its own words (an intent, or content with a
   * clear question of its own: `clearlyContent`): only such a question leaves a flow that awaits a slot.
   */
  clearly: boolean;
  convId: string | null;
}

/** The answer to an awaited slot: filled, cancelled, asked again or given up on; null when the question leaves the flow. */
function answerSlot(flows: FlowIndex, run: FlowRun, question: FlowQuestion, startsOther: boolean): Settled | null {
  if (run.flow.awaiting.kind !== 'slot') return null;
  const { slot_id: awaited, attempts = 0 } = run.flow.awaiting;
  if (isCancel(question.utterance)) return stop(run, 'cancelled', FLOW_CANCELLED);
  const filled = fillSlots(flows, run, question);
  if (filled.length) {
    run.slot = filled[0]!;
    run.steps.push('filled');
    return settle(flows, run, question.convId);
  }
  const asked = placeOf(flows, run.flow).node.slots.find((slot) => slot.id === awaited);
  if (!asked || (question.clearly && (!question.intent || startsOther))) return null;
  return askAgain(flows, run, asked, attempts);
}

/** A question within the conversation's flow, or one that may start one. */
function flowTurn(flows: FlowIndex, current: FlowState | null, question: FlowQuestion): FlowTurn {
  const { utterance, intent, convId } = question;
  const starts = intent ? flows.entries[intent]?.[0] : undefined;
  let left: FlowRun | null = null;
  if (current && flows.sequences[current.sequence_id]?.nodes[current.node_id]) {
    const run = newRun(current);
    run.entered.push(`${current.sequence_id}/${current.node_id}`);
    if (current.awaiting.kind === 'slot') {
      const settled = answerSlot(flows, run, question, Boolean(starts));
      if (settled) return { kind: 'flow', settled, decidedBy: 'answer' };
    } else {
      const { sequence, node } = placeOf(flows, run.flow);
      const next = intent ? (sequence.next[node.id] ?? []).find((id) => sequence.nodes[id]!.followUp.includes(intent)) : undefined;
      if (next) {
        run.entered = [];
        run.flow.node_id = next;
        run.flow.awaiting = { kind: 'follow_up' };
        if (fillSlots(flows, run, question).length) run.steps.push('filled');
        return { kind: 'flow', settled: enter(flows, run, sequence.id, next, convId), decidedBy: 'intent' };
      }
      if (isCancel(utterance)) return { kind: 'flow', settled: stop(run, 'cancelled', FLOW_CANCELLED), decidedBy: 'answer' };
    }
    run.steps.push('left');
    left = run;
  }
  if (!starts) return { kind: 'none', left: left ? flowTrace(flows, left) : null };
  const run = newRun({ sequence_id: starts.sequence, node_id: starts.node, scenario_id: starts.scenario, slots: {}, awaiting: { kind: 'follow_up' } });
  if (left) run.steps.push('left');
  run.steps.push('start');
  if (fillSlots(flows, run, question).length) run.steps.push('filled');
  return { kind: 'flow', settled: enter(flows, run, starts.sequence, starts.node, convId), decidedBy: 'intent' };
}

/** Continues a run after its endpoint answered: the reply is said, then the flow moves on (perhaps to another call). */
export function continueAfterCall(flows: FlowIndex, callout: FlowCallout, blocks: KbBlock[]): Settled {
  const run = structuredClone(callout.run);
  run.blocks.push(...blocks);
  run.answered = true;
  return moveOn(flows, run, callout.body.conv_id);
}

/* ------------------------------------------------------------ the stage */

/** What the flow stage reads of the question, besides the classify stage's verdict. */
export interface FlowStageQuestion extends Question {
  convId: string | null;
  /** Its meaningful words (stems), to tell a clear question of its own from a slot answer (`clearlyContent`). */
  meaningfulWords: number;
  /** Whether the rephrase stage read it with the previous question. */
  inContext: boolean;
}

/** What the flow stage makes of a question. */
export interface FlowOutcome {
  /** What the question is answered as: a flow's answer ('scenario'), else the classify stage's verdict. */
  decision: Decision;
  /** The flow read it as the slot answer it awaited (not an intent): no ranking decided it. */
  readByFlow: boolean;
  /** The flow's answer (null: no flow answers the question). */
  settled: Settled | null;
  /** The flow's step in the classify stage's trace: what the question did in it, or the flow it left; null for none. */
  trace: Record<string, unknown> | null;
}

/**
 * The flow stage: a question the conversation's flow waits for, or an entry or follow-up intent, is
 * answered by the flow (`flowTurn`); anything else is answered as the classify stage understood it.
 */
export function flowStage(flows: FlowIndex | null, current: FlowState | null, question: FlowStageQuestion, verdict: Verdict): FlowOutcome {
  const { label, inScope, understoodAs } = verdict;
  const turn = flows
    ? flowTurn(flows, current, {
        utterance: question.utterance,
        jargoned: question.jargoned,
        intent: understoodAs === 'scenario' ? label!.id : null,
        // Only what the project clearly answers, read alone, leaves a flow awaiting a slot ('a toaster' is asked again).
        clearly:
          current?.awaiting.kind === 'slot' &&
          !question.inContext &&
          inScope &&
          (understoodAs === 'scenario' || clearlyContent(question.utterance, question.meaningfulWords)),
        convId: question.convId,
        now: question.now,
      })
    : null;
  if (turn?.kind === 'flow') return { decision: 'scenario', readByFlow: turn.decidedBy === 'answer', settled: turn.settled, trace: flowTrace(flows!, turn.settled.run) };
  // With sequences, an intent no flow goes on with is not a question the project answers.
  return { decision: turn && understoodAs === 'scenario' ? 'oos' : understoodAs, readByFlow: false, settled: null, trace: turn?.left ?? null };
}
