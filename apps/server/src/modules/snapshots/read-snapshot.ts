import { and, asc, eq } from 'drizzle-orm';
import { pmToKb, quickReplySchema, SNAPSHOT_VERSION, type Snapshot, type SnapshotContent } from '@console/contracts';
import type { Db } from '../../db/client';
import { contentActions, contents, contentUtterances, projects, slots } from '../../db/schema/index';
import { AppError } from '../../platform/errors';

/**
 * What a sync compiles, read from the project as it is now: its active content (subject, response
 * as KB, utterances, actions), entry intents (sequences arrive with the scenarios area: none yet),
 * slots, jargon and settings. Records are read in the archive's order (creation time, then what a
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
      pipeline_config: project.pipelineConfig,
    },
    jargon: project.jargon,
    contents: [...byContent.values()],
    intents: [],
    slots: slotRows.map((row) => ({ id: row.id, name: row.name, terms: row.terms })),
  };
}

/** What the console's sync message reports. */
export function snapshotStats(snapshot: Snapshot) {
  const utterances = [...snapshot.contents, ...snapshot.intents].reduce((total, item) => total + item.utterances.length, 0);
  return { contents: snapshot.contents.length, intents: snapshot.intents.length, utterances };
}
