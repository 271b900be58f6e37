import {
  BUSINESS_LOGIC_CALLS_PER_TURN,
  defaultSlotPrompt,
  flowConfirmation,
  kbDocumentSchema,
  kbFromPlainText,
  type CombinationMode,
  type KbBlock,
  type QuickReply,
  type Snapshot,
} from '@console/contracts';
import type { FlowState } from './types';

/**
 * Sequences at answer time. A question classified as an entry intent starts the sequence whose node
 * lists it; a node asks for its slots one prompt at a time and reads them from the visitor's words
 * (the slot's terms); once it has them, its business-logic endpoint is called (the caller makes the
 * call: `FlowCallout`) and its reply is the answer; then the flow follows its transitions: a node
 * with follow-up intents waits for the visitor's next question to be one of them, a node without
 * is entered at once, and the end of a sequence starts the next one of its active scenario. A
 * question that is not what the flow waits for, but is understood otherwise, leaves the flow.
 */

/** Terms offered as quick replies with a slot's prompt. */
export const FLOW_QUICK_REPLIES = 5;

export interface FlowNode {
  id: string;
  name: string;
  slots: { id: string; prompt: string }[];
  call: { url: string; configuration: Record<string, unknown> } | null;
  followUp: string[];
}

interface FlowSequence {
  id: string;
  name: string;
  nodes: Record<string, FlowNode>;
  /** Each node's successors, in the order of the transitions. */
  next: Record<string, string[]>;
  /** Where a scenario's transition enters it: its first node with entry intents, else one nothing leads to. */
  start: string | null;
}

interface FlowStart {
  sequence: string;
  node: string;
  scenario: string | null;
}

/** What `compile` keeps of a snapshot's sequences, slots and active scenarios (plain data). */
export interface FlowIndex {
  sequences: Record<string, FlowSequence>;
  slots: Record<string, { name: string; terms: string[] }>;
  /** The nodes each entry intent starts, in the snapshot's order. */
  entries: Record<string, FlowStart[]>;
  scenarios: Record<string, { combination: CombinationMode; next: Record<string, string[]> }>;
}

/** The first of a graph's nodes that no transition leads to (else its first node). */
function firstNode(ids: readonly string[], transitions: readonly { source: string; target: string }[]): string | null {
  const targets = new Set(transitions.map((transition) => transition.target));
  return ids.find((id) => !targets.has(id)) ?? ids[0] ?? null;
}

function successors(transitions: readonly { source: string; target: string }[], map: (id: string) => string | undefined = (id) => id) {
  const next: Record<string, string[]> = {};
  for (const { source, target } of transitions) {
    const from = map(source);
    const to = map(target);
    if (from && to) (next[from] ??= []).push(to);
  }
  return next;
}

/** The flows of a snapshot; null for a snapshot synced before sequences existed (answered as it always was). */
export function compileFlows(snapshot: Snapshot): FlowIndex | null {
  if (!snapshot.sequences) return null;
  const slots: FlowIndex['slots'] = {};
  for (const slot of snapshot.slots) slots[slot.id] = { name: slot.name, terms: slot.terms };
  const scenarios: FlowIndex['scenarios'] = {};
  /** The active scenario each sequence runs in (the first that holds it) and whether it may start on an entry intent. */
  const scenarioOf = new Map<string, { id: string; startsHere: boolean }>();
  for (const scenario of snapshot.scenarios ?? []) {
    const sequenceOf = new Map(scenario.nodes.map((node) => [node.id, node.sequence_id]));
    scenarios[scenario.id] = { combination: scenario.combination, next: successors(scenario.transitions, (id) => sequenceOf.get(id)) };
    const first = sequenceOf.get(firstNode([...sequenceOf.keys()], scenario.transitions) ?? '');
    for (const node of scenario.nodes) {
      if (scenarioOf.has(node.sequence_id)) continue;
      scenarioOf.set(node.sequence_id, { id: scenario.id, startsHere: !scenario.combination.startsWith('one-') || node.sequence_id === first });
    }
  }
  const sequences: FlowIndex['sequences'] = {};
  const entries: FlowIndex['entries'] = {};
  for (const sequence of snapshot.sequences) {
    const nodes: Record<string, FlowNode> = {};
    let entryNode: string | null = null;
    const scenario = scenarioOf.get(sequence.id);
    for (const node of sequence.nodes) {
      const flowNode: FlowNode = { id: node.id, name: node.name, slots: [], call: null, followUp: [] };
      for (const attribute of node.attributes) {
        if (attribute.type === 'collect_slots') flowNode.slots = attribute.slots.filter((slot) => slots[slot.slot_id]).map((slot) => ({ id: slot.slot_id, prompt: slot.prompt }));
        if (attribute.type === 'business_logic') flowNode.call = { url: attribute.url, configuration: attribute.configuration };
        if (attribute.type === 'follow_up_intents') flowNode.followUp = attribute.intents;
        if (attribute.type !== 'entry_intents') continue;
        entryNode ??= node.id;
        if (scenario && !scenario.startsHere) continue;
        for (const intent of attribute.intents) (entries[intent] ??= []).push({ sequence: sequence.id, node: node.id, scenario: scenario?.id ?? null });
      }
      nodes[node.id] = flowNode;
    }
    const ids = sequence.nodes.map((node) => node.id);
    sequences[sequence.id] = { id: sequence.id, name: sequence.name, nodes, next: successors(sequence.transitions), start: entryNode ?? firstNode(ids, sequence.transitions) };
  }
  return { sequences, slots, entries, scenarios };
}

/* ------------------------------------------------------------- slot values */

/** Lower case without accents: 'Café' and 'cafe' are the same term. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Where a term occurs in a text as whole words (both folded). */
function occurrences(text: string, term: string): number[] {
  const found: number[] = [];
  if (!term) return found;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const before = text[at - 1];
    const after = text[at + term.length];
    if ((before === undefined || !WORD_CHARACTER.test(before)) && (after === undefined || !WORD_CHARACTER.test(after))) found.push(at);
  }
  return found;
}

/**
 * Fills the flow's missing slots from a question: the current node's slots first (the one asked for
 * first of all), then the sequence's others, each from the longest of its terms the question names,
 * words one slot took not read again for another. A slot's value is its term as written.
 */
function fillSlots(flows: FlowIndex, flow: FlowState, utterance: string): string[] {
  const text = fold(utterance);
  const sequence = flows.sequences[flow.sequence_id]!;
  const asked = flow.awaiting.kind === 'slot' ? [flow.awaiting.slot_id] : [];
  const here = [...asked, ...sequence.nodes[flow.node_id]!.slots.map((slot) => slot.id)];
  const elsewhere = Object.values(sequence.nodes).flatMap((node) => node.slots.map((slot) => slot.id));
  const taken: [number, number][] = [];
  const filled: string[] = [];
  for (const group of [here, elsewhere]) {
    // A slot awaited since before a redeploy may be gone from this snapshot.
    const missing = [...new Set(group)].filter((id) => flow.slots[id] === undefined && flows.slots[id]);
    const matches = missing.flatMap((slotId, rank) =>
      flows.slots[slotId]!.terms.flatMap((term) => occurrences(text, fold(term)).map((start) => ({ slotId, rank, term, start, end: start + fold(term).length }))),
    );
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

/* -------------------------------------------------------------- the run */

type FlowStep = 'start' | 'ask' | 'filled' | 'call' | 'follow_up' | 'left' | 'done';

/** A turn of a flow in progress: what it says so far, and where it stands (crosses threads with a pending call). */
interface FlowRun {
  flow: FlowState;
  /** False once the flow has ended. */
  active: boolean;
  blocks: KbBlock[];
  actions: QuickReply[];
  /** Nodes entered this turn (`sequence/node`): a node is entered, and its endpoint called, once a turn. */
  entered: string[];
  calls: string[];
  steps: FlowStep[];
  /** The slot last asked for or filled (its name). */
  slot: string | null;
  /** The last node's endpoint answered this turn. */
  answered: boolean;
}

/** The body POSTed to a node's business-logic endpoint. */
export interface CalloutBody {
  sequence: { id: string; name: string };
  node: { id: string; name: string };
  conv_id: string | null;
  slots: Record<string, string>;
  configuration: Record<string, unknown>;
}

/** A call the caller makes (the engine does no I/O), then hands the endpoint's reply to `completeCallout`. */
export interface FlowCallout {
  url: string;
  body: CalloutBody;
  run: FlowRun;
}

/** A run that stopped: either to wait for the visitor, or for the caller to make a call. */
interface Settled {
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

/** The flow's step in the classify stage's trace. */
export function flowTrace(flows: FlowIndex, run: FlowRun): Record<string, unknown> {
  const { sequence, node } = placeOf(flows, run.flow);
  return {
    sequence: { id: sequence.id, name: sequence.name },
    node: { id: node.id, name: node.name },
    step: run.steps.at(-1) ?? 'start',
    steps: run.steps,
    slot: run.slot,
    slots: valuesOf(flows, run.flow),
    calls: run.calls,
  };
}

function newRun(flow: FlowState): FlowRun {
  return { flow: { ...flow, slots: { ...flow.slots } }, active: true, blocks: [], actions: [], entered: [], calls: [], steps: [], slot: null, answered: false };
}

function needsAnySlot(flows: FlowIndex, flow: FlowState): boolean {
  const combination = flow.scenario_id ? flows.scenarios[flow.scenario_id]?.combination : undefined;
  return combination?.endsWith('-any') ?? false;
}

function ask(flows: FlowIndex, run: FlowRun, slot: { id: string; prompt: string }): Settled {
  const { name, terms } = flows.slots[slot.id]!;
  run.flow.awaiting = { kind: 'slot', slot_id: slot.id };
  run.blocks.push(...kbFromPlainText(slot.prompt || defaultSlotPrompt(name)).children);
  run.actions = terms.slice(0, FLOW_QUICK_REPLIES).map((term) => ({ type: 'query', label: term, utterance: term }));
  run.slot = name;
  run.steps.push('ask');
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
    run.blocks.push(...kbFromPlainText(flowConfirmation(values)).children);
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

/** What a flow makes of a question: its answer, or none (answered as any question), with the flow it left if any. */
type FlowTurn = { kind: 'flow'; settled: Settled } | { kind: 'none'; left: Record<string, unknown> | null };

/**
 * A question within the conversation's flow, or one that may start one. `intent` is the entry or
 * follow-up intent the question was classified as (null: content or out of scope), `understood`
 * whether it was understood as anything at all.
 */
export function flowTurn(
  flows: FlowIndex,
  current: FlowState | null,
  question: { utterance: string; intent: string | null; understood: boolean; convId: string | null },
): FlowTurn {
  const { utterance, intent, convId } = question;
  const starts = intent ? flows.entries[intent]?.[0] : undefined;
  let left: FlowRun | null = null;
  if (current && flows.sequences[current.sequence_id]?.nodes[current.node_id]) {
    const run = newRun(current);
    run.entered.push(`${current.sequence_id}/${current.node_id}`);
    if (current.awaiting.kind === 'slot') {
      const filled = fillSlots(flows, run.flow, utterance);
      if (filled.length) {
        run.slot = flows.slots[filled[0]!]!.name;
        run.steps.push('filled');
        return { kind: 'flow', settled: settle(flows, run, convId) };
      }
      const asked = placeOf(flows, run.flow).node.slots.find((slot) => slot.id === (current.awaiting as { slot_id: string }).slot_id);
      if (asked && !(question.understood && (!intent || starts))) return { kind: 'flow', settled: ask(flows, run, asked) };
    } else {
      const { sequence, node } = placeOf(flows, run.flow);
      const next = intent ? (sequence.next[node.id] ?? []).find((id) => sequence.nodes[id]!.followUp.includes(intent)) : undefined;
      if (next) {
        run.entered = [];
        run.flow.node_id = next;
        run.flow.awaiting = { kind: 'follow_up' };
        if (fillSlots(flows, run.flow, utterance).length) run.steps.push('filled');
        return { kind: 'flow', settled: enter(flows, run, sequence.id, next, convId) };
      }
    }
    run.steps.push('left');
    left = run;
  }
  if (!starts) return { kind: 'none', left: left ? flowTrace(flows, left) : null };
  const run = newRun({ sequence_id: starts.sequence, node_id: starts.node, scenario_id: starts.scenario, slots: {}, awaiting: { kind: 'follow_up' } });
  if (left) run.steps.push('left');
  run.steps.push('start');
  if (fillSlots(flows, run.flow, utterance).length) run.steps.push('filled');
  return { kind: 'flow', settled: enter(flows, run, starts.sequence, starts.node, convId) };
}

/** What a business-logic endpoint answered: its status, content type and body, or why it could not be reached. */
export type CalloutOutcome = { status: number; contentType: string | null; body: string } | { error: string };

/**
 * The KB nodes of an endpoint's reply: JSON `{"text": "..."}` or `{"response": <KB document>}`, or a
 * text/plain body; anything else (another status than 2xx, another shape) is an error, in words.
 */
export function calloutBlocks(outcome: CalloutOutcome): KbBlock[] | { error: string } {
  if ('error' in outcome) return outcome;
  if (outcome.status < 200 || outcome.status > 299) return { error: `the endpoint answered ${outcome.status}` };
  const type = (outcome.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/plain') return kbFromPlainText(outcome.body).children;
  if (type !== 'application/json' && !type.endsWith('+json')) return { error: `the endpoint answered ${type || 'no content type'}, not JSON or plain text` };
  let reply: unknown;
  try {
    reply = JSON.parse(outcome.body);
  } catch {
    return { error: 'the endpoint answered malformed JSON' };
  }
  if (reply && typeof reply === 'object' && typeof (reply as { text?: unknown }).text === 'string') return kbFromPlainText((reply as { text: string }).text).children;
  const document = kbDocumentSchema.safeParse((reply as { response?: unknown } | null)?.response);
  if (document.success) return document.data.children;
  return { error: 'the endpoint answered neither {"text": ...} nor {"response": <KB document>}' };
}

/** Continues a run after its endpoint answered: the reply is said, then the flow moves on (perhaps to another call). */
export function continueAfterCall(flows: FlowIndex, callout: FlowCallout, blocks: KbBlock[]): Settled {
  const run = structuredClone(callout.run);
  run.blocks.push(...blocks);
  run.answered = true;
  return moveOn(flows, run, callout.body.conv_id);
}
