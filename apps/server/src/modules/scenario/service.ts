import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_COMBINATION_MODE,
  scenarioList,
  scenarioMessages,
  type Scenario,
  type scenarioCreateBody,
  type scenarioUpdateBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { scenarios, sequences, type ProjectRow, type ScenarioRow } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { allOfProject, projectRecordFields, projectRecords } from '../../platform/project-records';

function toScenario(row: ScenarioRow): Scenario {
  return {
    scenario: { ...projectRecordFields(row), display_name: row.displayName, status: row.status, combination: row.combination },
    nodes: row.nodes,
    transitions: row.transitions,
  };
}

/**
 * Scenarios: a name unique in the project regardless of case (by its unique index), a status, a
 * combination mode, and the project's sequences joined by transitions. A save naming a sequence
 * that is not the project's is refused, whatever the project or workspace it comes from.
 */
export const scenarioRecords = projectRecords(scenarios, scenarioList, {
  columns: {
    display_name: scenarios.displayName,
    status: scenarios.status,
    updated_at: scenarios.updatedAt,
    created_at: scenarios.createdAt,
  },
  toRecord: toScenario,
  toValues: (input: z.output<typeof scenarioCreateBody>) => ({
    displayName: input.display_name,
    status: input.status,
    combination: DEFAULT_COMBINATION_MODE,
    nodes: [],
    transitions: [],
  }),
  toChanges: (changes: z.output<typeof scenarioUpdateBody>) => ({
    displayName: changes.display_name,
    status: changes.status,
    combination: changes.combination,
    nodes: changes.nodes,
    transitions: changes.transitions,
  }),
  checkReferences: async (tx, project, input) => {
    const named = new Set('nodes' in input ? (input.nodes ?? []).map((node) => node.sequence_id) : []);
    if (!(await allOfProject(tx, sequences, project, named))) throw AppError.badRequest(scenarioMessages.unknownSequence);
  },
  conflict: scenarioMessages.nameTaken,
});

/**
 * A deleted sequence leaves the project's scenarios in the delete's transaction: its nodes go, and
 * the transitions that joined them, so no scenario names a sequence that is not there.
 */
export async function removeSequenceFromScenarios(tx: Db, project: ProjectRow, sequenceId: string, now: Date): Promise<void> {
  const using = await tx
    .select()
    .from(scenarios)
    .where(and(eq(scenarios.projectId, project.id), sql`${scenarios.nodes} @> ${JSON.stringify([{ sequence_id: sequenceId }])}::jsonb`))
    .for('update');
  for (const row of using) {
    const gone = new Set(row.nodes.filter((node) => node.sequence_id === sequenceId).map((node) => node.id));
    await tx
      .update(scenarios)
      .set({
        nodes: row.nodes.filter((node) => !gone.has(node.id)),
        transitions: row.transitions.filter((transition) => !gone.has(transition.source) && !gone.has(transition.target)),
        updatedAt: now,
      })
      .where(eq(scenarios.id, row.id));
  }
}
