import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  CONTENT_BULK_MAX_ITEMS,
  CONTENT_BULK_STATUS,
  contentBulkMessages,
  type ContentBulkResult,
  type contentBulkBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contents } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listWhere } from '../../platform/listing';
import { sourceOf } from '../source/service';
import { contentListColumns, removeContents } from './service';

/**
 * One action on many content items (a pull's candidates, most often): the items the caller selected
 * by id, or every item a content list shows for its filters. The items are found and locked, then
 * changed, in one transaction, so the call changes all of them or none.
 */
export async function bulkContent(
  ctx: AppContext,
  checked: ProjectAccess,
  input: z.output<typeof contentBulkBody>,
): Promise<ContentBulkResult> {
  const { project } = checked;
  const ofProject = eq(contents.projectId, project.id);
  let where: SQL | undefined;
  if (input.ids) {
    where = and(ofProject, inArray(contents.id, input.ids));
  } else {
    const filter = input.filter!;
    // A source's content list: its items, as GET /source/{id}/content lists them (404 when not the project's).
    const source = filter.source_id ? await sourceOf(ctx, checked, filter.source_id) : null;
    where = listWhere(contentListColumns, filter, source ? and(ofProject, eq(contents.sourceId, source.id)) : ofProject);
  }

  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: contents.id })
      .from(contents)
      .where(where)
      .limit(CONTENT_BULK_MAX_ITEMS + 1)
      .for('update');
    if (input.ids) {
      // Never trust client ids: one that is not an item of this project refuses the whole call.
      const asked = new Set(input.ids.map((id) => id.toLowerCase()));
      if (found.length !== asked.size) throw AppError.notFound();
    } else if (found.length > CONTENT_BULK_MAX_ITEMS) {
      throw AppError.badRequest(contentBulkMessages.tooManyItems);
    }
    const ids = found.map((row) => row.id);
    return { action: input.action, count: ids.length ? await apply(tx, project.id, input.action, ids, ctx.now()) : 0 };
  });
}

/** The action on the found items; an item already in the asked status is left as it is (and not counted). */
async function apply(tx: Db, projectId: string, action: z.output<typeof contentBulkBody>['action'], ids: string[], now: Date): Promise<number> {
  if (action === 'delete') return removeContents(tx, projectId, ids);
  const status = CONTENT_BULK_STATUS[action];
  const changed = await tx
    .update(contents)
    .set({ status, updatedAt: now })
    .where(and(eq(contents.projectId, projectId), inArray(contents.id, ids), ne(contents.status, status)))
    .returning({ id: contents.id });
  return changed.length;
}
