import { z } from 'zod';
import { oneOf, referenceId, strictObject, trimmedText, uuidText } from './fields';
import { defineList } from './list';
import { messages } from './messages';
import { canvasPosition, checkTransitions, sequenceTransitionSchema, type SequenceTransition } from './sequence';

/**
 * Scenarios: a conversation made of sequences. Its nodes are the
 * sequences it uses; a transition says that when one sequence ends the next one goes on. Only an
 * active scenario's transitions run (a draft is being designed); its combination mode says how its
 * sequences start and when a collecting node has what it needs:
 * - 'any-all': any of its sequences starts on one of its entry intents; a node waits for all its slots;
 * - 'any-any': any sequence starts on its entry intents; one of a node's slots is enough (alternatives:
 *   an order number or an e-mail address);
 * - 'one-all': only the scenario's first node (the sequence it starts with) starts on an entry intent,
 *   the others are reached through transitions alone; a node waits for all its slots.
 */

export const scenarioStatuses = ['active', 'draft'] as const;
export type ScenarioStatus = (typeof scenarioStatuses)[number];
export const combinationModes = ['any-all', 'any-any', 'one-all'] as const;
export type CombinationMode = (typeof combinationModes)[number];
export const DEFAULT_COMBINATION_MODE: CombinationMode = 'any-all';
/** Sequences one scenario may join. */
const SCENARIO_MAX_NODES = 50;

export const combinationModeLabels: Record<CombinationMode, string> = {
  'any-all': 'Any entry, all slots',
  'any-any': 'Any entry, any slot',
  'one-all': 'One entry, all slots',
};

/** What each mode does, as the scenario detail explains it under the choice. */
export const combinationModeDescriptions: Record<CombinationMode, string> = {
  'any-all': 'Any of its sequences starts on its entry intents; a node waits for all of its slots.',
  'any-any': "Any of its sequences starts on its entry intents; one of a node's slots is enough.",
  'one-all': 'Only its first sequence starts on an entry intent, the others follow through transitions; a node waits for all of its slots.',
};

export const scenarioMessages = {
  nameTaken: 'A scenario with this name already exists.',
  sequenceTwice: 'A sequence can be a node of a scenario once',
  unknownSequence: 'Sequence not found in this project.',
} as const;

const scenarioNodeSchema = strictObject({
  id: uuidText('Node ID'),
  sequence_id: referenceId('Sequence'),
  position: canvasPosition.default({ x: 0, y: 0 }),
});
export type ScenarioNode = z.output<typeof scenarioNodeSchema>;

const scenarioRecordSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  display_name: z.string(),
  status: z.enum(scenarioStatuses),
  combination: z.enum(combinationModes),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A scenario as the API answers it: the record, its nodes and its transitions. */
export const scenarioSchema = z.object({
  scenario: scenarioRecordSchema,
  nodes: z.array(scenarioNodeSchema),
  transitions: z.array(sequenceTransitionSchema),
});
export type Scenario = z.infer<typeof scenarioSchema>;

/** A scenario's graph: each sequence a node once, transitions between its own nodes. */
export function checkScenarioGraph(graph: { nodes?: readonly ScenarioNode[]; transitions?: readonly SequenceTransition[] }, ctx: z.RefinementCtx): void {
  if (!graph.nodes) return;
  const sequences = new Set<string>();
  graph.nodes.forEach((node, index) => {
    if (sequences.has(node.sequence_id)) ctx.addIssue({ code: 'custom', message: scenarioMessages.sequenceTwice, path: ['nodes', index, 'sequence_id'] });
    sequences.add(node.sequence_id);
  });
  checkTransitions(new Set(graph.nodes.map((node) => node.id)), graph.transitions ?? [], ctx);
}

/** The fields of a scenario a save and an archive check alike. */
export const scenarioFields = {
  display_name: trimmedText('Name', 3, 128),
  status: oneOf('Status', scenarioStatuses),
  combination: oneOf('Combination mode', combinationModes),
  nodes: z.array(scenarioNodeSchema).max(SCENARIO_MAX_NODES, { error: `A scenario has at most ${SCENARIO_MAX_NODES} nodes` }),
  transitions: z.array(sequenceTransitionSchema).max(SCENARIO_MAX_NODES * 2),
};
const { display_name } = scenarioFields;

/** POST /project/{id}/scenario: a new draft. */
export const scenarioCreateBody = strictObject({
  display_name,
  status: scenarioFields.status.default('draft'),
});

/** PUT /scenario/{id}: the fields given change, the others stay; nodes and transitions change together. */
export const scenarioUpdateBody = strictObject({
  display_name: display_name.optional(),
  status: scenarioFields.status.optional(),
  combination: scenarioFields.combination.optional(),
  nodes: scenarioFields.nodes.optional(),
  transitions: scenarioFields.transitions.optional(),
})
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: messages.noFieldToUpdate })
  .refine((body) => (body.nodes === undefined) === (body.transitions === undefined), { error: 'Nodes and transitions are saved together' })
  .superRefine(checkScenarioGraph);

export const scenarioList = defineList({
  sortable: ['display_name', 'status', 'updated_at', 'created_at'],
  filters: { display_name: { kind: 'text' }, status: { kind: 'select', values: scenarioStatuses }, updated_at: { kind: 'date' } },
});
