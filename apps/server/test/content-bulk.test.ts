import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  CONTENT_BULK_MAX_IDS,
  CONTENT_BULK_MAX_ITEMS,
  EMPTY_PM_DOCUMENT,
  contentBulkMessages,
  type ContentBulkBody,
  type ContentStatus,
  type ContentSummary,
  type ListResponse,
  type SyncStatus,
} from '@console/contracts';
import { contentActions, contents, contentUtterances, projects, sources } from '../src/db/schema/index';
import { call, countRows, createProjectTeam, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { insertItems } from './assistant-fixtures';

type Team = Awaited<ReturnType<typeof createProjectTeam>>;

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
});

/** A fresh project (answering by words alone, so a sync is quick) with its three members. */
async function newTeam(): Promise<Team & { projectId: string }> {
  const team = await createProjectTeam(app);
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, team.tree.project.id));
  return { ...team, projectId: team.tree.project.id };
}

async function newSource(projectId: string, name = 'Help Center') {
  const [source] = await app.ctx.db.insert(sources).values({ projectId, displayName: name, type: 'pipeline' }).returning();
  return source!;
}

/** Items as a pull leaves them: candidates of a source, each with an utterance and an action. */
async function pulled(projectId: string, sourceId: string | null, subjects: string[], status: ContentStatus = 'candidate') {
  const rows = await insertItems(
    app,
    projectId,
    subjects.map((subject) => ({
      subject,
      status,
      utterances: [`tell me about ${subject}`],
      actions: [{ type: 'query' as const, label: 'More', utterance: `more about ${subject}` }],
    })),
  );
  if (sourceId) await app.ctx.db.update(contents).set({ sourceId }).where(inArray(contents.id, rows.map((row) => row.id)));
  return rows.map((row) => row.id);
}

const bulk = (projectId: string, token: string, body: ContentBulkBody | Record<string, unknown>) =>
  call(app, 'POST', `/api/v1/project/${projectId}/content/bulk`, token, body);

async function bulkOk(projectId: string, token: string, body: ContentBulkBody) {
  const response = await bulk(projectId, token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ action: string; count: number }>();
}

/** Each item's status (undefined once deleted), in the order of `ids`. */
async function statuses(ids: string[]) {
  const rows = await app.ctx.db.select({ id: contents.id, status: contents.status }).from(contents).where(inArray(contents.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row.status]));
  return ids.map((id) => byId.get(id));
}

/** Everything stored of a project's items, to show a refused call changed nothing. */
async function contentState(projectId: string) {
  const { db } = app.ctx;
  const items = await db.select().from(contents).where(eq(contents.projectId, projectId)).orderBy(contents.id);
  const ids = items.map((item) => item.id);
  const utterances = ids.length ? await db.select().from(contentUtterances).where(inArray(contentUtterances.contentId, ids)).orderBy(contentUtterances.id) : [];
  const actions = ids.length ? await db.select().from(contentActions).where(inArray(contentActions.contentId, ids)).orderBy(contentActions.id) : [];
  return JSON.stringify([items, utterances, actions]);
}

describe('POST /project/{id}/content/bulk by ids', () => {
  it('activates, deactivates and deletes exactly the items named, counting the ones it changed', async () => {
    const { projectId, admin } = await newTeam();
    const source = await newSource(projectId);
    const candidates = await pulled(projectId, source.id, ['Parking', 'Pets', 'Prices', 'Opening hours']);
    const [parking, pets, prices, hours] = candidates;

    expect(await bulkOk(projectId, admin.token, { action: 'activate', ids: [parking!, pets!, prices!] })).toEqual({ action: 'activate', count: 3 });
    expect(await statuses(candidates)).toEqual(['active', 'active', 'active', 'candidate']);
    // Items already active are left as they were and not counted; ids are matched in any case, once each.
    const [before] = await app.ctx.db.select({ updatedAt: contents.updatedAt }).from(contents).where(eq(contents.id, parking!));
    expect(await bulkOk(projectId, admin.token, { action: 'activate', ids: [parking!.toUpperCase(), parking!, hours!] })).toEqual({ action: 'activate', count: 1 });
    const [after] = await app.ctx.db.select({ updatedAt: contents.updatedAt }).from(contents).where(eq(contents.id, parking!));
    expect(after!.updatedAt).toEqual(before!.updatedAt);

    expect(await bulkOk(projectId, admin.token, { action: 'deactivate', ids: [pets!, hours!] })).toEqual({ action: 'deactivate', count: 2 });
    expect(await statuses(candidates)).toEqual(['active', 'inactive', 'active', 'inactive']);

    expect(await bulkOk(projectId, admin.token, { action: 'delete', ids: [prices!, hours!] })).toEqual({ action: 'delete', count: 2 });
    expect(await statuses(candidates)).toEqual(['active', 'inactive', undefined, undefined]);
  });

  it('deletes an item with its utterances and actions, as deleting one item does', async () => {
    const { projectId, admin } = await newTeam();
    const ids = await pulled(projectId, null, ['Returns', 'Refunds', 'Kept']);
    const [kept] = ids.slice(2);
    expect(await countRows(app, contentUtterances, inArray(contentUtterances.contentId, ids))).toBe(3);
    expect(await bulkOk(projectId, admin.token, { action: 'delete', ids: ids.slice(0, 2) })).toEqual({ action: 'delete', count: 2 });
    expect(await countRows(app, contentUtterances, inArray(contentUtterances.contentId, ids))).toBe(1);
    expect(await countRows(app, contentActions, inArray(contentActions.contentId, ids))).toBe(1);
    expect(await countRows(app, contentUtterances, eq(contentUtterances.contentId, kept!))).toBe(1);
  });

  it('refuses the whole call with 404 when one id is not an item of the project, and changes nothing', async () => {
    const { projectId, admin } = await newTeam();
    const mine = await pulled(projectId, null, ['Parking', 'Pets']);
    // Another project of the same admin: its items are still not this project's.
    const other = await createWorkspaceTree(app, [{ user: admin.user, role: 'admin' }], 'Elsewhere');
    const [theirs] = await pulled(other.project.id, null, ['Theirs']);
    const before = [await contentState(projectId), await contentState(other.project.id)];

    for (const action of ['activate', 'deactivate', 'delete'] as const) {
      expectError(await bulk(projectId, admin.token, { action, ids: [...mine, theirs!] }), 404);
      expectError(await bulk(projectId, admin.token, { action, ids: [mine[0]!, randomUUID()] }), 404);
    }
    expect([await contentState(projectId), await contentState(other.project.id)]).toEqual(before);
  });

  it('is for those who may delete in the project: viewers and editors get 403 and change nothing, a stranger 404', async () => {
    const { projectId, admin, editor, viewer } = await newTeam();
    const ids = await pulled(projectId, null, ['Parking']);
    const stranger = await createSignedInUser(app);
    const before = await contentState(projectId);
    for (const action of ['activate', 'deactivate', 'delete'] as const) {
      for (const body of [{ action, ids }, { action, filter: { status__eq: 'candidate' } }]) {
        expectError(await bulk(projectId, viewer.token, body), 403);
        expectError(await bulk(projectId, editor.token, body), 403);
        expectError(await bulk(projectId, stranger.token, body), 404);
      }
    }
    expectError(await call(app, 'POST', `/api/v1/project/${projectId}/content/bulk`, null, { action: 'activate', ids }), 401);
    expect(await contentState(projectId)).toBe(before);
    expect(await bulkOk(projectId, admin.token, { action: 'activate', ids })).toEqual({ action: 'activate', count: 1 });
  });
});

describe('POST /project/{id}/content/bulk by filter', () => {
  it("acts on exactly what the project's content list shows for the filter", async () => {
    const { projectId, admin, viewer } = await newTeam();
    const source = await newSource(projectId);
    const candidates = await pulled(projectId, source.id, ['Parking rules', 'Parking fees', 'Pets']);
    const active = await pulled(projectId, null, ['Parking at night'], 'active');
    const filter = { status__eq: 'candidate', subject__like: 'PARKING' };
    const listed = (await call(app, 'GET', `/api/v1/project/${projectId}/content?status__eq=candidate&subject__like=PARKING`, viewer.token)).json<ListResponse<ContentSummary>>();
    expect(listed.total).toBe(2);

    expect(await bulkOk(projectId, admin.token, { action: 'activate', filter })).toEqual({ action: 'activate', count: listed.total });
    expect(await statuses([...candidates, ...active])).toEqual(['active', 'active', 'candidate', 'active']);

    expect(await bulkOk(projectId, admin.token, { action: 'deactivate', filter: { subject__like: 'parking' } })).toEqual({ action: 'deactivate', count: 3 });
    expect(await statuses([...candidates, ...active])).toEqual(['inactive', 'inactive', 'candidate', 'inactive']);

    // Filters of the list's other kinds: a number and a date range.
    const words = await app.ctx.db.select({ words: contents.numResponseWords }).from(contents).where(eq(contents.id, candidates[2]!));
    expect(await bulkOk(projectId, admin.token, { action: 'activate', filter: { status__neq: 'inactive', num_response_words__gte: words[0]!.words, updated_at__lte: new Date(Date.now() + 60_000).toISOString() } })).toEqual({ action: 'activate', count: 1 });
    expect(await statuses(candidates)).toEqual(['inactive', 'inactive', 'active']);

    expect(await bulkOk(projectId, admin.token, { action: 'delete', filter: { status__eq: 'inactive' } })).toEqual({ action: 'delete', count: 3 });
    expect(await statuses([...candidates, ...active])).toEqual([undefined, undefined, 'active', undefined]);
    expect(await countRows(app, contentUtterances, inArray(contentUtterances.contentId, [...candidates, ...active]))).toBe(1);
  });

  it("with source_id, acts on what the source's content list shows, and never on another project's items", async () => {
    const { projectId, admin, viewer } = await newTeam();
    const help = await newSource(projectId, 'Help Center');
    const blog = await newSource(projectId, 'Blog');
    const helpItems = await pulled(projectId, help.id, ['Parking', 'Pets', 'Prices']);
    const blogItems = await pulled(projectId, blog.id, ['Parking news']);
    const other = await createWorkspaceTree(app, [{ user: admin.user, role: 'admin' }], 'Elsewhere');
    const theirs = await pulled(other.project.id, null, ['Parking']);

    const listed = (await call(app, 'GET', `/api/v1/source/${help.id}/content?status__eq=candidate`, viewer.token)).json<ListResponse<ContentSummary>>();
    expect(await bulkOk(projectId, admin.token, { action: 'activate', filter: { source_id: help.id, status__eq: 'candidate' } })).toEqual({ action: 'activate', count: listed.total });
    expect(await statuses([...helpItems, ...blogItems, ...theirs])).toEqual(['active', 'active', 'active', 'candidate', 'candidate']);

    expect(await bulkOk(projectId, admin.token, { action: 'delete', filter: { source_id: blog.id } })).toEqual({ action: 'delete', count: 1 });
    expect(await statuses([...blogItems, ...theirs])).toEqual([undefined, 'candidate']);

    // A source of another project is not found, as its content list is not.
    const otherSource = await newSource(other.project.id);
    const before = await contentState(projectId);
    expectError(await bulk(projectId, admin.token, { action: 'delete', filter: { source_id: otherSource.id } }), 404);
    expect(await contentState(projectId)).toBe(before);
  });

  it(`refuses a filter matching more than ${CONTENT_BULK_MAX_ITEMS} items with a 400 that says to narrow it, and changes nothing`, async () => {
    const { projectId, admin } = await newTeam();
    const { db } = app.ctx;
    const now = new Date();
    for (let offset = 0; offset <= CONTENT_BULK_MAX_ITEMS; offset += 2000) {
      const size = Math.min(2000, CONTENT_BULK_MAX_ITEMS + 1 - offset);
      await db.insert(contents).values(
        Array.from({ length: size }, (_, index) => ({
          projectId,
          subject: `Page ${offset + index}`,
          status: 'candidate' as const,
          responsePm: EMPTY_PM_DOCUMENT,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    const error = expectError(await bulk(projectId, admin.token, { action: 'activate', filter: { status__eq: 'candidate' } }), 400, contentBulkMessages.tooManyItems);
    expect(error.detail).toMatch(/narrow the filter/);
    expect(await countRows(app, contents, and(eq(contents.projectId, projectId), eq(contents.status, 'active')))).toBe(0);
    // Narrowed to the cap, it goes through.
    const [last] = await db.select({ id: contents.id }).from(contents).where(eq(contents.subject, `Page ${CONTENT_BULK_MAX_ITEMS}`));
    await db.update(contents).set({ status: 'inactive' }).where(eq(contents.id, last!.id));
    expect(await bulkOk(projectId, admin.token, { action: 'activate', filter: { status__eq: 'candidate' } })).toEqual({ action: 'activate', count: CONTENT_BULK_MAX_ITEMS });
  });
});

describe('POST /project/{id}/content/bulk: the body', () => {
  it('names the action and exactly one of ids or filter, with the contracts messages', async () => {
    const { projectId, admin } = await newTeam();
    const [id] = await pulled(projectId, null, ['Parking']);
    const refused = async (body: Record<string, unknown>, detail: string | RegExp) => {
      const response = await bulk(projectId, admin.token, body);
      const error = expectError(response, 400);
      if (typeof detail === 'string') expect(error.detail).toBe(detail);
      else expect(error.detail).toMatch(detail);
    };
    await refused({ action: 'approve', ids: [id] }, 'Action must be one of activate, deactivate, delete');
    await refused({ action: 'activate' }, contentBulkMessages.idsOrFilter);
    await refused({ action: 'activate', ids: [id], filter: { status__eq: 'candidate' } }, contentBulkMessages.idsOrFilter);
    await refused({ action: 'activate', ids: [] }, contentBulkMessages.tooFewIds);
    await refused({ action: 'activate', ids: Array.from({ length: CONTENT_BULK_MAX_IDS + 1 }, () => randomUUID()) }, contentBulkMessages.tooManyIds);
    await refused({ action: 'activate', ids: ['not-an-id'] }, 'ID must be a valid UUIDv4.');
    await refused({ action: 'activate', filter: { password__eq: 'x' } }, /^Filter must be one of subject, status/);
    await refused({ action: 'activate', filter: { status__eq: 'approved' } }, 'status must be one of active, inactive, omitted, candidate');
    await refused({ action: 'activate', filter: { subject__gte: 'P' } }, 'Comparator of subject must be one of like, eq');
    await refused({ action: 'activate', filter: { source_id: 'nope' } }, 'Source ID must be a valid UUIDv4.');
    await refused({ action: 'activate', filter: { status__eq: ['candidate'] } }, contentBulkMessages.filterValue);
    await refused({ action: 'activate', ids: [id], everything: true }, 'everything is not an accepted field');
    expect(await statuses([id!])).toEqual(['candidate']);
  });

  it('is documented in /api/docs with its body', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    const operation = docs.paths['/api/v1/project/{id}/content/bulk']?.post;
    expect(operation?.requestBody).toBeDefined();
    expect(JSON.stringify(operation)).toContain('deactivate');
  });

  it('an empty filter is every item of the project', async () => {
    const { projectId, admin } = await newTeam();
    const ids = await pulled(projectId, null, ['Parking', 'Pets']);
    expect(await bulkOk(projectId, admin.token, { action: 'activate', filter: {} })).toEqual({ action: 'activate', count: 2 });
    expect(await statuses(ids)).toEqual(['active', 'active']);
  });
});

describe('POST /project/{id}/content/bulk and the sync status', () => {
  it('activating candidates is a change a sync would store; the header sees it', async () => {
    const { projectId, admin, viewer } = await newTeam();
    const ids = await pulled(projectId, null, ['Parking', 'Pets']);
    const sync = await call(app, 'POST', `/api/v1/project/${projectId}/sync`, admin.token);
    expect(sync.statusCode, sync.body).toBe(200);
    const status = async () => (await call(app, 'GET', `/api/v1/project/${projectId}/sync-status`, viewer.token)).json<SyncStatus>();
    expect((await status()).has_unsynced_changes).toBe(false);
    await bulkOk(projectId, admin.token, { action: 'activate', ids });
    expect((await status()).has_unsynced_changes).toBe(true);
  });
});
