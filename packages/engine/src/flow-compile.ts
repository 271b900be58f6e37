import { DEFAULT_SLOT_LOCALE, SLOT_DEFAULT_MAX_ATTEMPTS, type CombinationMode, type Snapshot } from '@console/contracts';
import type { SlotSpec } from './slot-values';

/**
 * The flows of a snapshot as the engine runs them (flow-turn.ts): its sequences with each node's
 * slots, endpoint and follow-up intents, the slots with how they are read and asked, the nodes each
 * entry intent starts, and the active scenarios' order. Plain data, so an index crosses threads.
 */

/** A slot a node collects, with the node's own prompt, re-prompt and attempts ('' and null: the slot's). */
export interface FlowNodeSlot {
  id: string;
  prompt: string;
  reprompt: string;
  maxAttempts: number | null;
}

export interface FlowNode {
  id: string;
  name: string;
  slots: FlowNodeSlot[];
  call: { url: string; configuration: Record<string, unknown> } | null;
  followUp: string[];
}

export interface FlowSequence {
  id: string;
  name: string;
  nodes: Record<string, FlowNode>;
  /** Each node's successors, in the order of the transitions. */
  next: Record<string, string[]>;
  /** Where a scenario's transition enters it: its first node with entry intents, else one nothing leads to. */
  start: string | null;
}

/** A slot: how its value is read (slot-values.ts) and how it is asked for. */
export interface FlowSlot extends SlotSpec {
  name: string;
  prompt: string;
  reprompt: string;
  maxAttempts: number;
}

interface FlowStart {
  sequence: string;
  node: string;
  scenario: string | null;
}

/** What `compile` keeps of a snapshot's sequences, slots and active scenarios (plain data). */
export interface FlowIndex {
  sequences: Record<string, FlowSequence>;
  slots: Record<string, FlowSlot>;
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

/** A snapshot's slot; one synced before slot types is a terms slot with the defaults. */
function flowSlot(slot: Snapshot['slots'][number]): FlowSlot {
  return {
    name: slot.name,
    type: slot.type ?? 'terms',
    terms: slot.terms,
    pattern: slot.pattern ?? '',
    locale: slot.locale ?? DEFAULT_SLOT_LOCALE,
    prompt: slot.prompt ?? '',
    reprompt: slot.reprompt ?? '',
    maxAttempts: slot.max_attempts ?? SLOT_DEFAULT_MAX_ATTEMPTS,
  };
}

/** The flows of a snapshot; null for a snapshot synced before sequences existed (answered as it always was). */
export function compileFlows(snapshot: Snapshot): FlowIndex | null {
  if (!snapshot.sequences) return null;
  const slots: FlowIndex['slots'] = {};
  for (const slot of snapshot.slots) slots[slot.id] = flowSlot(slot);
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
        if (attribute.type === 'collect_slots') {
          // Nodes saved before re-prompts have neither a re-prompt nor attempts: the slot's apply.
          flowNode.slots = attribute.slots
            .filter((slot) => slots[slot.slot_id])
            .map((slot) => ({ id: slot.slot_id, prompt: slot.prompt, reprompt: slot.reprompt ?? '', maxAttempts: slot.max_attempts ?? null }));
        }
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
