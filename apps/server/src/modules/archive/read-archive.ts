import { asc, eq } from 'drizzle-orm';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type projectArchiveSchema } from '@console/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  channels,
  contentActions,
  contents,
  contentUtterances,
  projects,
  scenarios,
  slots,
  sources,
  type ContentActionRow,
  type ContentUtteranceRow,
} from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { projectIntents } from '../intent/service';
import { projectSequences } from '../sequence/service';
import { slotFieldsOf } from '../slot/service';
import { portableCases, projectTestCases } from '../suite/portable';
import { archivedNodes } from './flows';

/** An archive as it is written to a file: plain JSON values, timestamps as ISO strings. */
export type ArchiveFile = z.input<typeof projectArchiveSchema>;

const stampsOf = (row: { createdAt: Date; updatedAt: Date }) => ({
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Every entity of a project as an archive. Call it inside one repeatable-read transaction so the
 * file is never half of a concurrent edit. Records are ordered by what an import keeps (timestamps,
 * reporting ids, names) before ids, so exporting an imported copy lists them in the same order.
 */
export async function readArchive(tx: Db, projectId: string, exportedAt: Date): Promise<ArchiveFile> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw AppError.notFound();
  const sourceRows = await tx
    .select()
    .from(sources)
    .where(eq(sources.projectId, projectId))
    .orderBy(asc(sources.createdAt), asc(sources.displayName), asc(sources.id));
  const contentRows = await tx
    .select()
    .from(contents)
    .where(eq(contents.projectId, projectId))
    .orderBy(asc(contents.createdAt), asc(contents.reportingId));
  const utteranceRows: ContentUtteranceRow[] = await tx
    .select({ utterance: contentUtterances })
    .from(contentUtterances)
    .innerJoin(contents, eq(contents.id, contentUtterances.contentId))
    .where(eq(contents.projectId, projectId))
    .orderBy(asc(contentUtterances.createdAt), asc(contentUtterances.text))
    .then((rows) => rows.map((row) => row.utterance));
  const actionRows: ContentActionRow[] = await tx
    .select({ action: contentActions })
    .from(contentActions)
    .innerJoin(contents, eq(contents.id, contentActions.contentId))
    .where(eq(contents.projectId, projectId))
    .orderBy(asc(contentActions.createdAt), asc(contentActions.type), asc(contentActions.config), asc(contentActions.id))
    .then((rows) => rows.map((row) => row.action));
  const intentRows = await projectIntents(tx, projectId);
  const slotRows = await tx.select().from(slots).where(eq(slots.projectId, projectId)).orderBy(asc(slots.createdAt), asc(slots.name));
  const channelRows = await tx
    .select()
    .from(channels)
    .where(eq(channels.projectId, projectId))
    .orderBy(asc(channels.createdAt), asc(channels.displayName), asc(channels.id));
  const sequenceRows = await projectSequences(tx, projectId);
  const scenarioRows = await tx
    .select()
    .from(scenarios)
    .where(eq(scenarios.projectId, projectId))
    .orderBy(asc(scenarios.createdAt), asc(scenarios.displayName));
  const caseRows = await projectTestCases(tx, projectId);
  const slotNames = new Map(slotRows.map((row) => [row.id, row.name]));
  const intentNames = new Map(intentRows.map((row) => [row.id, row.intent]));

  const utterancesOf = groupBy(utteranceRows, (row) => row.contentId);
  const actionsOf = groupBy(actionRows, (row) => row.contentId);
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: exportedAt.toISOString(),
    project: {
      display_name: project.displayName,
      description: project.description,
      response_word_cutoff: project.responseWordCutoff,
      out_of_scope_response: project.outOfScopeResponse,
      handoff_message: project.handoffMessage,
      pipeline_config: project.pipelineConfig,
      jargon: project.jargon,
    },
    sources: sourceRows.map((row) => ({
      id: row.id,
      display_name: row.displayName,
      type: row.type,
      config: row.config,
      kb: row.kb,
      ...stampsOf(row),
    })),
    contents: contentRows.map((row) => ({
      id: row.id,
      source_id: row.sourceId,
      source_key: row.sourceKey,
      subject: row.subject,
      status: row.status,
      reporting_id: row.reportingId,
      response_pm: row.responsePm,
      utterances: (utterancesOf.get(row.id) ?? []).map((utterance) => ({ text: utterance.text, ...stampsOf(utterance) })),
      actions: (actionsOf.get(row.id) ?? []).map((action) => ({ type: action.type, config: action.config, ...stampsOf(action) })),
      ...stampsOf(row),
    })),
    intents: intentRows.map((row) => ({ intent: row.intent, utterances: row.utterances, ...stampsOf(row) })),
    slots: slotRows.map((row) => ({ ...slotFieldsOf(row), ...stampsOf(row) })),
    channels: channelRows.map((row) => ({
      display_name: row.displayName,
      type: row.type,
      status: row.status,
      config: row.config,
      ...stampsOf(row),
    })),
    // A sequence keeps its id: the file's scenarios name it.
    sequences: sequenceRows.map((row) => ({
      id: row.id,
      name: row.name,
      nodes: archivedNodes(row.nodes, slotNames, intentNames),
      transitions: row.transitions,
      ...stampsOf(row),
    })),
    scenarios: scenarioRows.map((row) => ({
      display_name: row.displayName,
      status: row.status,
      combination: row.combination,
      nodes: row.nodes,
      transitions: row.transitions,
      ...stampsOf(row),
    })),
    test_cases: portableCases(
      { contents: contentRows.map((row) => ({ id: row.id, reporting_id: row.reportingId })), intents: intentRows, sequences: sequenceRows },
      caseRows,
    ),
  };
}
