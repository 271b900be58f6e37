import {
  sequenceAttributeTypes,
  type Sequence,
  type SequenceAttribute,
  type SequenceAttributeType,
  type SequenceTransition,
} from '@console/contracts';
import type { z } from 'zod';
import { jsonText, parseJsonText } from '@/lib/json-text';

/**
 * What the builder edits: the sequence as saved, except that a business-logic configuration is the
 * text being typed (it need not parse yet). `sequenceInput` turns it back into the body the contracts
 * schema checks, so the builder shows the server's own messages.
 */
export type DraftAttribute =
  | Extract<SequenceAttribute, { type: 'collect_slots' }>
  | { type: 'business_logic'; url: string; configuration: string }
  | { type: 'entry_intents' | 'follow_up_intents'; intents: string[] };

export interface DraftNode {
  id: string;
  name: string;
  position: { x: number; y: number };
  attributes: DraftAttribute[];
}

export interface DraftFlow {
  nodes: DraftNode[];
  transitions: SequenceTransition[];
}

export type SequenceDraft = { name: string; flow: DraftFlow };

function draftAttribute(attribute: SequenceAttribute): DraftAttribute {
  if (attribute.type !== 'business_logic') return attribute;
  const { configuration } = attribute;
  // An empty configuration is the default: shown as an empty box, not '{}'.
  return { ...attribute, configuration: Object.keys(configuration).length ? jsonText(configuration) : '' };
}

export function sequenceDraft(sequence: Sequence): SequenceDraft {
  return {
    name: sequence.name,
    flow: {
      nodes: sequence.nodes.map((node) => ({ ...node, attributes: node.attributes.map(draftAttribute) })),
      transitions: sequence.transitions,
    },
  };
}

/** The typed configuration as the schema should see it: empty is the default, text that is no JSON fails as 'not a JSON object'. */
function configurationInput(text: string): unknown {
  return text.trim() ? parseJsonText(text) : undefined;
}

/** The draft as the PUT body (sequenceUpdateBody's input). */
export function sequenceInput({ name, flow }: SequenceDraft): unknown {
  return {
    name,
    nodes: flow.nodes.map((node) => ({
      ...node,
      attributes: node.attributes.map((attribute) =>
        attribute.type === 'business_logic' ? { ...attribute, configuration: configurationInput(attribute.configuration) } : attribute,
      ),
    })),
    transitions: flow.transitions,
  };
}

export function emptyAttribute(type: SequenceAttributeType): DraftAttribute {
  switch (type) {
    case 'collect_slots':
      return { type, slots: [] };
    case 'business_logic':
      return { type, url: '', configuration: '' };
    default:
      return { type, intents: [] };
  }
}

/** The attribute types a node can still take (each type once, so at most four). */
export function addableAttributeTypes(node: DraftNode): SequenceAttributeType[] {
  return sequenceAttributeTypes.filter((type) => !node.attributes.some((attribute) => attribute.type === type));
}

/** A new node below the last one, named 'Node {n}' with the first number no node uses. */
export function newNode(nodes: readonly DraftNode[], id: string): DraftNode {
  const names = new Set(nodes.map((node) => node.name.trim().toLowerCase()));
  let number = nodes.length + 1;
  while (names.has(`node ${number}`)) number += 1;
  const last = nodes.at(-1);
  return { id, name: `Node ${number}`, position: last ? { x: last.position.x, y: last.position.y + 140 } : { x: 0, y: 0 }, attributes: [] };
}

export function removeNodes(flow: DraftFlow, ids: ReadonlySet<string>): DraftFlow {
  return {
    nodes: flow.nodes.filter((node) => !ids.has(node.id)),
    transitions: flow.transitions.filter((transition) => !ids.has(transition.source) && !ids.has(transition.target)),
  };
}

/** A transition joins two different nodes once. */
export function canConnect(flow: DraftFlow, source: string, target: string): boolean {
  return source !== target && !flow.transitions.some((transition) => transition.source === source && transition.target === target);
}

/** One node's problems: the path below the node ([] for the node itself) and the message. */
export interface NodeIssue {
  path: PropertyKey[];
  message: string;
}

/** The schema's problems of each node, by node id (the schema reports them by index). */
export function nodeIssues(issues: readonly z.core.$ZodIssue[], nodes: readonly DraftNode[]): Map<string, NodeIssue[]> {
  const byNode = new Map<string, NodeIssue[]>();
  for (const issue of issues) {
    const [field, index, ...path] = issue.path;
    const node = field === 'nodes' && typeof index === 'number' ? nodes[index] : undefined;
    if (!node) continue;
    byNode.set(node.id, [...(byNode.get(node.id) ?? []), { path, message: issue.message }]);
  }
  return byNode;
}

/** The first message at exactly this path below a node. */
export function issueAt(issues: readonly NodeIssue[], ...path: PropertyKey[]): string | undefined {
  return issues.find((issue) => issue.path.length === path.length && path.every((part, index) => issue.path[index] === part))?.message;
}
