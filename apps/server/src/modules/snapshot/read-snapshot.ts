import { and, asc, eq } from 'drizzle-orm';
import {
  pmToKb,
  quickReplySchema,
  sequenceMessages,
  SNAPSHOT_VERSION,
  type Snapshot,
  type SnapshotContent,
  type SnapshotSequence,
  type VersionCounts,
} from '@console/contracts';
import type { Db } from '../../db/client';
import { contentActions, contents, contentUtterances, projects, scenarios, slots } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { projectIntents } from '../intent/service';
import { projectSequences } from '../sequence/service';
import { slotFieldsOf } from '../slot/service';

/**
 * What a sync compiles, read from the project as it is now: its active content (subject, response
 * as KB, utterances, actions), its sequences, its active scenarios, the intents the sequences start
 * from or follow up with, slots, jargon and settings. A sequence naming a slot or an intent deleted
 * since it was saved is refused (400): the flow would ask for what no longer exists. Records are read in the archive's order (creation time, then what a
 * clone keeps: reporting ids, texts), so one state of the project, or a copy of it, always gives the
 * same snapshot and so the same index. Call it in one repeatable-read transaction.
 */
export async function readSnapshot(tx: Db, projectId: string): Promise<Snapshot> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw AppError.notFound();
  const active = and(eq(contents.projectId, projectId), eq(contents.status, 'active'));
  // Items made together (an import, a pull) share their creation time: the subject orders them, so the
  // same content trains the same assistant in every copy of a project, whatever ids it was given.
  const contentRows = await tx
    .select()
    .from(contents)
    .where(active)
    .orderBy(asc(contents.createdAt), asc(contents.subject), asc(contents.reportingId));
  const utteranceRows = await tx
    .select({ contentId: contentUtterances.contentId, text: contentUtterances.text })
    .from(contentUtterances)
    .innerJoin(contents, eq(contents.id, contentUtterances.contentId))
    .where(active)
    .orderBy(asc(contentUtterances.createdAt), asc(contentUtterances.text));
  const actionRows = await tx
    .select({ contentId: contentActions.contentId, type: contentActions.type, config: contentActions.config })
    .from(contentActions)
    .innerJoin(contents, eq(contents.id, contentActions.contentId))
    .where(active)
    .orderBy(asc(contentActions.createdAt), asc(contentActions.type), asc(contentActions.config), asc(contentActions.id));
  const slotRows = await tx.select().from(slots).where(eq(slots.projectId, projectId)).orderBy(asc(slots.createdAt), asc(slots.name));
  const sequenceRows = await projectSequences(tx, projectId);
  const scenarioRows = await tx
    .select()
    .from(scenarios)
    .where(and(eq(scenarios.projectId, projectId), eq(scenarios.status, 'active')))
    .orderBy(asc(scenarios.createdAt), asc(scenarios.displayName));
  const intentRows = sequenceRows.length
    ? await projectIntents(tx, projectId)
    : [];
  const flows = sequenceRows.map((row): SnapshotSequence => ({ id: row.id, name: row.name, nodes: row.nodes, transitions: row.transitions }));
  const used = usedIntents(flows, new Set(slotRows.map((row) => row.id)), new Set(intentRows.map((row) => row.id)));

  const byContent = new Map<string, SnapshotContent>(
    contentRows.map((row) => [
      row.id,
      { id: row.id, reporting_id: row.reportingId, subject: row.subject, response: pmToKb(row.responsePm), utterances: [], actions: [] },
    ]),
  );
  for (const row of utteranceRows) byContent.get(row.contentId)?.utterances.push(row.text);
  for (const row of actionRows) byContent.get(row.contentId)?.actions.push(quickReplySchema.parse({ ...row.config, type: row.type }));

  return {
    version: SNAPSHOT_VERSION,
    settings: {
      response_word_cutoff: project.responseWordCutoff,
      out_of_scope_response: project.outOfScopeResponse,
      handoff_message: project.handoffMessage,
      pipeline_config: project.pipelineConfig,
    },
    jargon: project.jargon,
    contents: [...byContent.values()],
    intents: intentRows.filter((row) => used.has(row.id)).map((row) => ({ id: row.id, intent: row.intent, utterances: row.utterances })),
    slots: slotRows.map((row) => ({ id: row.id, ...slotFieldsOf(row) })),
    sequences: flows,
    scenarios: scenarioRows.map((row) => ({
      id: row.id,
      display_name: row.displayName,
      combination: row.combination,
      nodes: row.nodes.map(({ id, sequence_id }) => ({ id, sequence_id })),
      transitions: row.transitions,
    })),
  };
}

/** The intents the flows use, once every slot and intent they name is checked to exist. */
function usedIntents(flows: SnapshotSequence[], slotIds: ReadonlySet<string>, intentIds: ReadonlySet<string>): Set<string> {
  const used = new Set<string>();
  for (const flow of flows) {
    for (const node of flow.nodes) {
      const name = node.name || 'unnamed';
      for (const attribute of node.attributes) {
        if (attribute.type === 'collect_slots' && attribute.slots.some((slot) => !slotIds.has(slot.slot_id))) {
          throw AppError.badRequest(sequenceMessages.deletedSlot(flow.name, name));
        }
        if (attribute.type === 'entry_intents' || attribute.type === 'follow_up_intents') {
          if (attribute.intents.some((id) => !intentIds.has(id))) throw AppError.badRequest(sequenceMessages.deletedIntent(flow.name, name));
          for (const id of attribute.intents) used.add(id);
        }
      }
    }
  }
  return used;
}

/** What a version holds: the Versions screen's counts and the console's sync message. */
export function snapshotStats(snapshot: Snapshot): VersionCounts {
  const utterances = [...snapshot.contents, ...snapshot.intents].reduce((total, item) => total + item.utterances.length, 0);
  return { contents: snapshot.contents.length, intents: snapshot.intents.length, utterances, slots: snapshot.slots?.length ?? 0, sequences: snapshot.sequences?.length ?? 0 };
}
