import { z } from 'zod';
import { boundedList, jsonObject, referenceId, sameEntryKey, strictObject, trimmedText, uuidText } from './fields';
import { defineList } from './list';
import { messages } from './messages';
import { SLOT_PROMPT_MAX, slotMaxAttempts } from './slot';

/**
 * Sequences: a node-based flow. Each node has a name and at most four
 * attributes, one of each type: the intents that start the flow there (`entry_intents`), the intents
 * that lead to it from the node before (`follow_up_intents`), the slots it asks the visitor for
 * (`collect_slots`, each with the question the assistant asks) and the endpoint it calls with what
 * was collected (`business_logic`). Transitions join a node to the one that follows it.
 */

export const SEQUENCE_NODE_MAX_ATTRIBUTES = 4;
/** Nodes and transitions one sequence may hold: a flow a person can read stays far below. */
const SEQUENCE_MAX_NODES = 100;
const SEQUENCE_MAX_TRANSITIONS = 200;
/** How long a node's business-logic endpoint has to answer a visitor's turn, and the most of its answer read. */
export const BUSINESS_LOGIC_TIMEOUT_MS = 5000;
export const BUSINESS_LOGIC_MAX_BYTES = 64 * 1024;
/** Endpoints one turn may call (nodes that follow one another without waiting for the visitor): a loop of nodes stops there. */
export const BUSINESS_LOGIC_CALLS_PER_TURN = 4;
/** The longest business-logic URL kept. */
const BUSINESS_LOGIC_URL_MAX = 2048;

export const sequenceAttributeTypes = ['collect_slots', 'business_logic', 'entry_intents', 'follow_up_intents'] as const;
export type SequenceAttributeType = (typeof sequenceAttributeTypes)[number];

/** How the builder names each attribute type. */
export const sequenceAttributeLabels: Record<SequenceAttributeType, string> = {
  collect_slots: 'Collect Slots',
  business_logic: 'Business Logic',
  entry_intents: 'Entry Intents',
  follow_up_intents: 'Follow-up Intents',
};

export const sequenceMessages = {
  duplicateNodeName: (name: string) => `${name}: Duplicate Node Name`,
  invalidUrl: 'URL must be a valid URL',
  tooManyAttributes: `A node has at most ${SEQUENCE_NODE_MAX_ATTRIBUTES} attributes`,
  attributeTwice: (type: SequenceAttributeType) => `${sequenceAttributeLabels[type]} can be added to a node only once`,
  slotTwice: 'A slot can be collected once per node',
  unknownNode: 'A transition must join two nodes of the graph',
  duplicateNodeId: 'Node ids must be unique',
  duplicateTransition: 'Two nodes can be joined once',
  selfTransition: 'A transition cannot join a node to itself',
  unknownSlot: 'Slot not found in this project.',
  unknownIntent: 'Intent not found in this project.',
  /** Sync refuses a flow that names a slot or an intent deleted since it was saved. */
  deletedSlot: (sequence: string, node: string) => `Sequence "${sequence}", node "${node}": a slot it collects was deleted.`,
  deletedIntent: (sequence: string, node: string) => `Sequence "${sequence}", node "${node}": an intent it uses was deleted.`,
} as const;


/** A node's place on the builder's canvas. */
export const canvasPosition = z.object({ x: z.number().finite().min(-1e6).max(1e6), y: z.number().finite().min(-1e6).max(1e6) });

/**
 * The slot a node asks for, the question the assistant asks for it (empty: the slot's own prompt,
 * else 'What is the {slot}?'), the question asked again after an answer that did not fill it
 * (empty: the slot's re-prompt) and how many times it is asked before the flow gives up (null: the
 * slot's): the same slot (a date) is asked differently in different flows.
 */
export const collectedSlotSchema = strictObject({
  slot_id: referenceId('Slot'),
  prompt: trimmedText('Prompt', 0, SLOT_PROMPT_MAX).default(''),
  reprompt: trimmedText('Re-prompt', 0, SLOT_PROMPT_MAX).default(''),
  max_attempts: slotMaxAttempts.nullable().default(null),
});

/** A business-logic URL: present and http(s), with one message for every way it is wrong. */
const businessLogicUrl = z
  .string({ error: sequenceMessages.invalidUrl })
  .trim()
  .max(BUSINESS_LOGIC_URL_MAX, { error: messages.atMostChars('URL', BUSINESS_LOGIC_URL_MAX) })
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), { error: sequenceMessages.invalidUrl });

/**
 * How a sequence names the slots and intents it uses: by id in the API and the database, by name in
 * an archive (which holds no ids of its source project). The rules of nodes and attributes are the
 * same for both.
 */
export interface SequenceReferenceSchemas<Collected extends z.ZodType, Intent extends z.ZodType<string>> {
  /** One slot a node collects, with its prompt. */
  collected: Collected;
  /** The slot a collected entry names (a slot is collected once per node). */
  slotOf: (collected: z.output<Collected>) => string;
  intent: Intent;
}

/** A node's attribute, its slots and intents named as `references` says. */
export function sequenceAttributeSchemaOf<Collected extends z.ZodType, Intent extends z.ZodType<string>>(
  references: SequenceReferenceSchemas<Collected, Intent>,
) {
  const intents = boundedList(
    'Intents',
    z.array(references.intent, { error: messages.atLeastOneSelection('Intents') }).min(1, { error: messages.atLeastOneSelection('Intents') }),
  )
    // An overwrite, not a transform: the API answers sequences through this schema too (a transform cannot encode).
    .overwrite((named) => [...new Set(named)]);
  return z.discriminatedUnion(
    'type',
    [
      strictObject({
        type: z.literal('collect_slots'),
        slots: boundedList(
          'Slots',
          z.array(references.collected, { error: messages.atLeastOneSelection('Slots') }).min(1, { error: messages.atLeastOneSelection('Slots') }),
        ).refine((slots) => new Set(slots.map(references.slotOf)).size === slots.length, { error: sequenceMessages.slotTwice }),
      }),
      strictObject({
        type: z.literal('business_logic'),
        url: businessLogicUrl,
        configuration: jsonObject('Configuration').default({}),
      }),
      strictObject({ type: z.literal('entry_intents'), intents }),
      strictObject({ type: z.literal('follow_up_intents'), intents }),
    ],
    { error: messages.oneOf('Attribute type', sequenceAttributeTypes) },
  );
}

const sequenceAttributeSchema = sequenceAttributeSchemaOf({
  collected: collectedSlotSchema,
  slotOf: (collected) => collected.slot_id,
  intent: referenceId('Intent'),
});
export type SequenceAttribute = z.output<typeof sequenceAttributeSchema>;
export type SequenceAttributeInput = z.input<typeof sequenceAttributeSchema>;

/** A node whose attributes are `attribute`s: at most four, each type once. */
export function sequenceNodeSchemaOf<Attribute extends z.ZodType<{ type: SequenceAttributeType }>>(attribute: Attribute) {
  return strictObject({
    id: uuidText('Node ID'),
    name: trimmedText('Node name', 0, 255),
    position: canvasPosition.default({ x: 0, y: 0 }),
    attributes: z
      .array(attribute)
      .max(SEQUENCE_NODE_MAX_ATTRIBUTES, { error: sequenceMessages.tooManyAttributes })
      .default([])
      .superRefine((attributes, ctx) => {
        const seen = new Set<SequenceAttributeType>();
        attributes.forEach(({ type }, index) => {
          if (seen.has(type)) ctx.addIssue({ code: 'custom', message: sequenceMessages.attributeTwice(type), path: [index, 'type'] });
          seen.add(type);
        });
      }),
  });
}

const sequenceNodeSchema = sequenceNodeSchemaOf(sequenceAttributeSchema);
export type SequenceNode = z.output<typeof sequenceNodeSchema>;

/** A directed edge between two nodes (of a sequence, or of a scenario). */
export const sequenceTransitionSchema = strictObject({
  id: uuidText('Transition ID'),
  source: uuidText('Transition source'),
  target: uuidText('Transition target'),
});
export type SequenceTransition = z.output<typeof sequenceTransitionSchema>;

/** The names given to more than one node, each reported once (unnamed nodes are not compared). */
function duplicateNodeNames(nodes: readonly { name: string }[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { name } of nodes) {
    if (!name.trim()) continue;
    const key = sameEntryKey(name);
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  return duplicates;
}

/** A flow's nodes (`node`s) and transitions, within the limits of one sequence; checkSequenceFlow checks them together. */
export function sequenceFlowFieldsOf<Node extends z.ZodType>(node: Node) {
  return {
    nodes: z.array(node).max(SEQUENCE_MAX_NODES, { error: `A sequence has at most ${SEQUENCE_MAX_NODES} nodes` }),
    transitions: z
      .array(sequenceTransitionSchema)
      .max(SEQUENCE_MAX_TRANSITIONS, { error: `A sequence has at most ${SEQUENCE_MAX_TRANSITIONS} transitions` }),
  };
}

const flowFields = sequenceFlowFieldsOf(sequenceNodeSchema);

/** Nodes and transitions checked together: unique node names and ids, transitions between nodes of the sequence. */
export function checkSequenceFlow(flow: { nodes?: readonly { id: string; name: string }[]; transitions?: readonly SequenceTransition[] }, ctx: z.RefinementCtx): void {
  const nodes = flow.nodes ?? [];
  const duplicates = duplicateNodeNames(nodes);
  const ids = new Set<string>();
  nodes.forEach((node, index) => {
    if (duplicates.has(sameEntryKey(node.name))) {
      ctx.addIssue({ code: 'custom', message: sequenceMessages.duplicateNodeName(node.name), path: ['nodes', index, 'name'] });
    }
    if (ids.has(node.id)) ctx.addIssue({ code: 'custom', message: sequenceMessages.duplicateNodeId, path: ['nodes', index, 'id'] });
    ids.add(node.id);
  });
  checkTransitions(ids, flow.transitions ?? [], ctx);
}

/** Transitions of a graph (a sequence's nodes, a scenario's sequences): each joins two of its nodes, once. */
export function checkTransitions(nodeIds: ReadonlySet<string>, transitions: readonly SequenceTransition[], ctx: z.RefinementCtx): void {
  const joined = new Set<string>();
  transitions.forEach((transition, index) => {
    const path = ['transitions', index];
    if (!nodeIds.has(transition.source) || !nodeIds.has(transition.target)) ctx.addIssue({ code: 'custom', message: sequenceMessages.unknownNode, path });
    else if (transition.source === transition.target) ctx.addIssue({ code: 'custom', message: sequenceMessages.selfTransition, path });
    const key = `${transition.source}>${transition.target}`;
    if (joined.has(key)) ctx.addIssue({ code: 'custom', message: sequenceMessages.duplicateTransition, path });
    joined.add(key);
  });
}

export const sequenceSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  nodes: z.array(sequenceNodeSchema),
  transitions: z.array(sequenceTransitionSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sequence = z.infer<typeof sequenceSchema>;

/** POST /project/{id}/sequence: a new, empty flow. */
export const sequenceCreateBody = strictObject({
  name: trimmedText('Name', 1, 64),
});

/** PUT /sequence/{id}: the builder's save (name, nodes and transitions together; a field left out is kept). */
export const sequenceUpdateBody = strictObject({
  name: trimmedText('Name', 1, 255).optional(),
  nodes: flowFields.nodes.optional(),
  transitions: flowFields.transitions.optional(),
})
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: messages.noFieldToUpdate })
  .refine((body) => (body.nodes === undefined) === (body.transitions === undefined), {
    error: 'Nodes and transitions are saved together',
  })
  .superRefine(checkSequenceFlow);

/** The slot and intent ids a sequence's nodes refer to (they must be the project's own). */
export function sequenceReferences(nodes: readonly SequenceNode[]): { slots: Set<string>; intents: Set<string> } {
  const slots = new Set<string>();
  const intents = new Set<string>();
  for (const node of nodes) {
    for (const attribute of node.attributes) {
      if (attribute.type === 'collect_slots') for (const slot of attribute.slots) slots.add(slot.slot_id);
      if (attribute.type === 'entry_intents' || attribute.type === 'follow_up_intents') for (const id of attribute.intents) intents.add(id);
    }
  }
  return { slots, intents };
}

/** The question asked for a slot whose node gives none. */
export function defaultSlotPrompt(slotName: string): string {
  return `What is the ${slotName}?`;
}

/** The question asked again after an answer that did not fill a slot, when neither node nor slot gives one. */
export function defaultSlotReprompt(slotName: string): string {
  return `Sorry, I did not understand that. What is the ${slotName}?`;
}

/** What the assistant says when a slot was asked as many times as allowed and still not filled: the flow ends. */
export function flowGaveUp(slotName: string): string {
  return `Sorry, I could not understand the ${slotName}, so I have stopped here. You can ask me anything else, or start again.`;
}

/** What the assistant says when the visitor ends a flow ('cancel', 'stop', 'never mind'). */
export const FLOW_CANCELLED = 'All right, I have stopped. You can ask me anything else.';

/**
 * Words that end a flow when they are all the visitor says (case, punctuation and 'please',
 * 'ok', 'thanks' aside): a visitor must always be able to get out of a flow.
 */
export const FLOW_CANCEL_PHRASES = ['cancel', 'stop', 'never mind', 'nevermind', 'forget it', 'forget about it', 'quit', 'exit', 'abort', 'cancel that', 'stop that', 'stop it', 'i changed my mind'] as const;

/** What the assistant says when a flow ends on a node with no endpoint: the values it collected. */
export function flowConfirmation(values: readonly { name: string; value: string }[]): string {
  if (!values.length) return 'Thank you.';
  return `Thank you. I have noted: ${values.map(({ name, value }) => `${name}: ${value}`).join(', ')}.`;
}

export const sequenceList = defineList({
  sortable: ['name', 'updated_at', 'created_at'],
  filters: { name: { kind: 'text' }, updated_at: { kind: 'date' } },
});
