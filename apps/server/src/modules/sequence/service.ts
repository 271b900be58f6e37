import {
  sequenceList,
  sequenceMessages,
  sequenceReferences,
  type Sequence,
  type SequenceNode,
  type sequenceCreateBody,
  type sequenceUpdateBody,
} from '@console/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { intents, sequences, slots } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { allOfProject, projectRecordFields, projectRecords } from '../../platform/project-records';
import { removeSequenceFromScenarios } from '../scenario/service';

/**
 * Sequences: a name (not unique: the builder tells flows apart by their nodes) and the flow of nodes
 * and transitions the builder saves whole. A save naming a slot or an intent that is not the
 * project's is refused, whatever the project or workspace it comes from; a deleted sequence leaves
 * the scenarios that used it.
 */
export const sequenceRecords = projectRecords(sequences, sequenceList, {
  columns: { name: sequences.name, updated_at: sequences.updatedAt, created_at: sequences.createdAt },
  toRecord: (row): Sequence => ({ ...projectRecordFields(row), name: row.name, nodes: nodesWithDefaults(row.nodes), transitions: row.transitions }),
  toValues: (input: z.output<typeof sequenceCreateBody>) => ({ name: input.name, nodes: [], transitions: [] }),
  toChanges: (changes: z.output<typeof sequenceUpdateBody>) => ({ name: changes.name, nodes: changes.nodes, transitions: changes.transitions }),
  checkReferences: async (tx, project, input) => {
    const named = sequenceReferences('nodes' in input ? (input.nodes ?? []) : []);
    if (!(await allOfProject(tx, slots, project, named.slots))) throw AppError.badRequest(sequenceMessages.unknownSlot);
    if (!(await allOfProject(tx, intents, project, named.intents))) throw AppError.badRequest(sequenceMessages.unknownIntent);
  },
  afterDelete: removeSequenceFromScenarios,
});

/**
 * Stored nodes as a sequence holds them now: a collected slot saved before re-prompts and attempts
 * existed has neither, and reads with their defaults (empty: the slot's). The API answers through the
 * contracts schema by encoding, which fills no default, so without this such a flow could not be read.
 */
function nodesWithDefaults(nodes: readonly SequenceNode[]): SequenceNode[] {
  return nodes.map((node) => ({
    ...node,
    attributes: node.attributes.map((attribute) =>
      attribute.type === 'collect_slots' ? { ...attribute, slots: attribute.slots.map(({ reprompt = '', max_attempts = null, ...slot }) => ({ ...slot, reprompt, max_attempts })) } : attribute,
    ),
  }));
}

/**
 * The project's sequences in the order archives and snapshots keep (creation, then name, then id), so a
 * project and its copy read the same flows in the same order.
 */
export async function projectSequences(db: Db, projectId: string) {
  const rows = await db.select().from(sequences).where(eq(sequences.projectId, projectId)).orderBy(asc(sequences.createdAt), asc(sequences.name), asc(sequences.id));
  return rows.map((row) => ({ ...row, nodes: nodesWithDefaults(row.nodes) }));
}
