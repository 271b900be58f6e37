import { randomUUID } from 'node:crypto';
import { sameEntryKey, suiteReferences, type ProjectArchive } from '@console/contracts';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  channels,
  contentActions,
  contents,
  contentUtterances,
  intents,
  projects,
  scenarios,
  sequences,
  slots,
  sources,
  testCases,
  type ProjectRow,
} from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { newChannelKey } from '../channel/service';
import { responseWordCount } from '../content/service';
import { insertProject } from '../project/service';
import { slotValues } from '../slot/service';
import { testCaseRows } from '../suite/portable';
import { storedNodes } from './flows';

/**
 * Rows per INSERT. On the embedded database each statement runs on the request thread and its
 * promise settles without passing through the event loop, so a large import would hold every other
 * request: statements of at most 100 rows (tens of milliseconds), with a turn of the event loop
 * between them, keep the server answering. Each is its own transaction, so requests that read or
 * write the database (the embedded one runs one transaction at a time) go between them too. Far
 * below PostgreSQL's 65535 bound parameters for the widest table.
 */
const INSERT_BATCH = 100;

async function insertAll<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db.insert(table).values(rows.slice(start, start + INSERT_BATCH));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const stampsOf = (record: { created_at: string; updated_at: string }) => ({
  createdAt: new Date(record.created_at),
  updatedAt: new Date(record.updated_at),
});

/**
 * Writes a checked archive as a new project of the workspace: every record gets a new id (and every
 * channel a new key), content keeps its link to its (new) source, its reporting id, status and
 * timestamps; sequences name the new slots and intents, scenarios the new sequences. The project itself is new (created now, with its 'Production' deployment).
 *
 * A large archive takes seconds to write, and one transaction that long would hold every request
 * that touches the database (the embedded one runs one transaction at a time). So the project is
 * written marked as being imported (importing_since), invisible to every read, its records in short
 * transactions, and the last one clears the mark: the project appears whole or not at all. Should a
 * write fail, the project goes with all it holds (cascade) and the error is the caller's; one a
 * stopped process left marked is removed by removeAbandonedImports.
 */
export async function writeArchive(
  db: Db,
  workspaceId: string,
  archive: ProjectArchive,
  displayName: string,
  now: Date,
  /** Written in the transaction that makes the project whole (its audit entry). */
  onComplete: (tx: Db, project: ProjectRow) => Promise<void>,
): Promise<ProjectRow> {
  const settings = archive.project;
  const project = await db.transaction((tx) =>
    insertProject(
      tx,
      workspaceId,
      {
        displayName,
        description: settings.description,
        responseWordCutoff: settings.response_word_cutoff,
        outOfScopeResponse: settings.out_of_scope_response,
        handoffMessage: settings.handoff_message,
        pipelineConfig: settings.pipeline_config,
        jargon: settings.jargon,
        importingSince: now,
      },
      now,
    ),
  );
  try {
    await writeRecords(db, project.id, archive, now);
    return await db.transaction(async (tx) => {
      const [complete] = await tx.update(projects).set({ importingSince: null, updatedAt: now }).where(eq(projects.id, project.id)).returning();
      if (!complete) throw AppError.notFound();
      await onComplete(tx, complete);
      return complete;
    });
  } catch (error) {
    // Should the delete fail too (the database away), the mark stays for removeAbandonedImports.
    const removed = await db
      .delete(projects)
      .where(eq(projects.id, project.id))
      .returning({ id: projects.id })
      .catch(() => null);
    // Nothing to remove: its workspace was deleted meanwhile, and the project with it (a 404, as for any gone workspace).
    throw removed?.length === 0 ? AppError.notFound() : error;
  }
}

async function writeRecords(db: Db, projectId: string, archive: ProjectArchive, now: Date): Promise<void> {

  const sourceIds = new Map(archive.sources.map((source) => [source.id, randomUUID()]));
  await insertAll(
    db,
    sources,
    archive.sources.map((source) => ({
      id: sourceIds.get(source.id)!,
      projectId,
      displayName: source.display_name,
      type: source.type,
      config: source.config,
      kb: source.kb,
      ...stampsOf(source),
    })),
  );

  const contentIds = archive.contents.map(() => randomUUID());
  await insertAll(
    db,
    contents,
    archive.contents.map((content, index) => ({
      id: contentIds[index]!,
      projectId,
      // The archive was checked: every source_id names one of its sources.
      sourceId: content.source_id === null ? null : sourceIds.get(content.source_id)!,
      sourceKey: content.source_key,
      subject: content.subject,
      status: content.status,
      reportingId: content.reporting_id,
      responsePm: content.response_pm,
      numResponseWords: responseWordCount(content.response_pm),
      ...stampsOf(content),
    })),
  );
  await insertAll(
    db,
    contentUtterances,
    archive.contents.flatMap((content, index) =>
      content.utterances.map((utterance) => ({ contentId: contentIds[index]!, text: utterance.text, ...stampsOf(utterance) })),
    ),
  );
  await insertAll(
    db,
    contentActions,
    archive.contents.flatMap((content, index) =>
      content.actions.map((action) => ({ contentId: contentIds[index]!, type: action.type, config: action.config, ...stampsOf(action) })),
    ),
  );

  // Sequences name slots and intents by name, compared as the archive check compares them.
  const intentIds = new Map(archive.intents.map((intent) => [sameEntryKey(intent.intent), randomUUID()]));
  const slotIds = new Map(archive.slots.map((slot) => [sameEntryKey(slot.name), randomUUID()]));
  await insertAll(
    db,
    intents,
    archive.intents.map((intent) => ({
      id: intentIds.get(sameEntryKey(intent.intent))!,
      projectId,
      intent: intent.intent,
      utterances: intent.utterances,
      ...stampsOf(intent),
    })),
  );
  await insertAll(
    db,
    slots,
    archive.slots.map(({ created_at, updated_at, ...slot }) => ({
      id: slotIds.get(sameEntryKey(slot.name))!,
      projectId,
      ...slotValues(slot),
      ...stampsOf({ created_at, updated_at }),
    })),
  );
  await insertAll(
    db,
    channels,
    archive.channels.map((channel) => ({
      projectId,
      displayName: channel.display_name,
      type: channel.type,
      status: channel.status,
      // The key is public and names one channel: a copy gets its own.
      key: newChannelKey(),
      config: channel.config,
      ...stampsOf(channel),
    })),
  );

  // The archive was checked: every name and sequence id it refers to is one of its own.
  const sequenceIds = new Map(archive.sequences.map((sequence) => [sequence.id.toLowerCase(), randomUUID()]));
  await insertAll(
    db,
    sequences,
    archive.sequences.map((sequence) => ({
      id: sequenceIds.get(sequence.id.toLowerCase())!,
      projectId,
      name: sequence.name,
      nodes: storedNodes(
        sequence.nodes,
        (name) => slotIds.get(sameEntryKey(name))!,
        (name) => intentIds.get(sameEntryKey(name))!,
      ),
      transitions: sequence.transitions,
      ...stampsOf(sequence),
    })),
  );
  await insertAll(
    db,
    scenarios,
    archive.scenarios.map((scenario) => ({
      projectId,
      displayName: scenario.display_name,
      status: scenario.status,
      combination: scenario.combination,
      nodes: scenario.nodes.map((node) => ({ ...node, sequence_id: sequenceIds.get(node.sequence_id)! })),
      transitions: scenario.transitions,
      ...stampsOf(scenario),
    })),
  );

  // Test cases name the new items: content by its reporting id (kept), intents and sequences by name, nodes by name or id (kept).
  const { expectationOf } = suiteReferences({
    contents: archive.contents.map((content, index) => ({ id: contentIds[index]!, reporting_id: content.reporting_id })),
    intents: archive.intents.map((intent) => ({ id: intentIds.get(sameEntryKey(intent.intent))!, intent: intent.intent })),
    sequences: archive.sequences.map((sequence) => ({ id: sequenceIds.get(sequence.id.toLowerCase())!, name: sequence.name, nodes: sequence.nodes })),
  });
  const cases = archive.test_cases.flatMap((testCase) => {
    const resolved = expectationOf(testCase);
    const { question, context, must_contain } = testCase;
    // The archive was checked: every case resolves.
    return resolved.ok ? [{ question, context, must_contain, expect: resolved.expect }] : [];
  });
  await insertAll(db, testCases, testCaseRows(projectId, cases, now));
}
