import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import {
  kbToPm,
  kbWordCount,
  responsePmSchema,
  type ContentStatus,
  type KbDocument,
  type PmDocument,
  type PullSummary,
} from '@console/contracts';
import type { AppContext } from '../../../context';
import { contents, contentUtterances, sourcePulls, sources } from '../../../db/schema/index';
import { PullError, type PulledItem } from './items';

/** Rows per INSERT, well below PostgreSQL's limit of bound parameters. */
const BATCH = 500;

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += BATCH) out.push(rows.slice(start, start + BATCH));
  return out;
}

/** The item's response as the content item stores it: canonical PM, checked like an edited response. */
function storedResponse(item: PulledItem): PmDocument {
  const parsed = responsePmSchema.safeParse(kbToPm(item.response));
  if (!parsed.success) throw new PullError(`${item.subject}: ${parsed.error.issues[0]?.message}`);
  // Through JSON, as jsonb stores it, so comparing with a stored response compares like with like.
  return JSON.parse(JSON.stringify(parsed.data)) as PmDocument;
}

interface PullWrite {
  pullId: string;
  projectId: string;
  sourceId: string;
  /** What new items (and omitted items whose section came back) become. */
  status: ContentStatus;
  items: PulledItem[];
  /** The source's new KB tree (pipelines); null keeps it (rich_editor, whose KB is the input). */
  kb: KbDocument | null;
  progressTotal: number;
}

/**
 * Writes what a pull found in one transaction, with the pull's success: items are matched to the
 * source's earlier items by key; new ones are created, changed ones (subject or response) updated
 * and those whose section is gone omitted. A status the team set is kept, except that an omitted
 * item that comes back returns to `status`. Missing utterances are added. A pull that ended
 * meanwhile writes nothing: null.
 */
export async function writePull(ctx: AppContext, input: PullWrite): Promise<PullSummary | null> {
  const pulled = input.items.map((item) => ({ ...item, pm: storedResponse(item), words: kbWordCount(item.response) }));
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Ended meanwhile: its source deleted (the pull with it), or its job ended by a runner that took it over after a pause.
    const [running] = await tx
      .select({ id: sourcePulls.id })
      .from(sourcePulls)
      .where(and(eq(sourcePulls.id, input.pullId), eq(sourcePulls.status, 'running')))
      .for('update');
    if (!running) return null;

    const existing = await tx
      .select({ id: contents.id, sourceKey: contents.sourceKey, subject: contents.subject, status: contents.status, responsePm: contents.responsePm })
      .from(contents)
      .where(eq(contents.sourceId, input.sourceId));
    const byKey = new Map(existing.flatMap((row) => (row.sourceKey === null ? [] : [[row.sourceKey, row] as const])));
    const idByKey = new Map<string, string>();
    const matched = new Set<string>();
    const changed = new Set<string>();
    const fresh: typeof pulled = [];

    for (const item of pulled) {
      const row = byKey.get(item.key);
      if (!row) {
        fresh.push(item);
        continue;
      }
      idByKey.set(item.key, row.id);
      matched.add(row.id);
      const edited = row.subject !== item.subject || !isDeepStrictEqual(row.responsePm, item.pm);
      const returned = row.status === 'omitted';
      if (!edited && !returned) continue;
      changed.add(row.id);
      await tx
        .update(contents)
        .set({ subject: item.subject, responsePm: item.pm, numResponseWords: item.words, ...(returned ? { status: input.status } : {}), updatedAt: now })
        .where(eq(contents.id, row.id));
    }

    for (const batch of batches(fresh)) {
      const inserted = await tx
        .insert(contents)
        .values(
          batch.map((item) => ({
            projectId: input.projectId,
            sourceId: input.sourceId,
            sourceKey: item.key,
            subject: item.subject,
            status: input.status,
            responsePm: item.pm,
            numResponseWords: item.words,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: contents.id, sourceKey: contents.sourceKey });
      for (const row of inserted) idByKey.set(row.sourceKey!, row.id);
    }

    const utterances = pulled.flatMap((item) => item.utterances.map((text) => ({ contentId: idByKey.get(item.key)!, text, createdAt: now, updatedAt: now })));
    const gainedUtterances = new Set<string>();
    for (const batch of batches(utterances)) {
      // An utterance the item already has (in any case) is left alone.
      const added = await tx.insert(contentUtterances).values(batch).onConflictDoNothing().returning({ contentId: contentUtterances.contentId });
      for (const row of added) if (matched.has(row.contentId) && !changed.has(row.contentId)) gainedUtterances.add(row.contentId);
    }
    for (const batch of batches([...gainedUtterances])) {
      await tx.update(contents).set({ updatedAt: now }).where(inArray(contents.id, batch));
    }

    const keys = new Set(pulled.map((item) => item.key));
    // Items made in the console (no key) are not the pull's to omit.
    const gone = existing.filter((row) => row.sourceKey !== null && row.status !== 'omitted' && !keys.has(row.sourceKey)).map((row) => row.id);
    for (const batch of batches(gone)) {
      await tx.update(contents).set({ status: 'omitted', updatedAt: now }).where(inArray(contents.id, batch));
    }

    const updated = changed.size + gainedUtterances.size;
    const summary: PullSummary = { created: fresh.length, updated, omitted: gone.length, unchanged: matched.size - updated };
    if (input.kb) await tx.update(sources).set({ kb: input.kb, updatedAt: now }).where(eq(sources.id, input.sourceId));
    await tx
      .update(sourcePulls)
      .set({
        status: 'succeeded',
        summary,
        progressDone: input.progressTotal,
        progressTotal: input.progressTotal,
        progressMessage: `Created ${summary.created}, updated ${summary.updated}, omitted ${summary.omitted}, unchanged ${summary.unchanged}`,
        finishedAt: now,
      })
      .where(eq(sourcePulls.id, input.pullId));
    return summary;
  });
}
