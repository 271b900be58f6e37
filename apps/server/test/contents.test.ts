import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  RESPONSE_CHARACTER_LIMIT,
  type Content,
  type ContentAction,
  type ContentSummary,
  type ContentUtterance,
  type ListResponse,
} from '@console/contracts';
import { contentActions, contents, contentUtterances, sources } from '../src/db/schema/index';
import {
  call,
  countRows,
  createClock,
  createSignedInUser,
  createTestApp,
  createWorkspaceTree,
  expectError,
  openTestDatabase,
  type TestClock,
} from './helper';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let clock: TestClock;
let admin: SignedIn;
let editor: SignedIn;
let viewer: SignedIn;
let stranger: SignedIn;
let projectId: string;
let foreignProjectId: string;

beforeAll(async () => {
  clock = createClock();
  app = await createTestApp(await openTestDatabase(), { clock });
  [admin, editor, viewer, stranger] = await Promise.all([createSignedInUser(app), createSignedInUser(app), createSignedInUser(app), createSignedInUser(app)]);
  const tree = await createWorkspaceTree(app, [
    { user: admin.user, role: 'admin' },
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  projectId = tree.project.id;
  foreignProjectId = (await createWorkspaceTree(app, [{ user: stranger.user, role: 'admin' }], 'Elsewhere')).project.id;
});

/** Each test moves the clock on, so "updated_at moved" is visible without sleeping. */
function tick() {
  clock.advance(1000);
}

async function createSource(ofProject = projectId) {
  const [source] = await app.ctx.db.insert(sources).values({ projectId: ofProject, displayName: 'Handbook', type: 'rich_editor' }).returning();
  return source!;
}

async function createItem(body: Record<string, unknown> = {}, token = editor.token, ofProject = projectId): Promise<Content> {
  const response = await call(app, 'POST', `/api/v1/project/${ofProject}/content`, token, { subject: `Item ${randomUUID()}`, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Content>();
}

const listOf = <T>(response: { json: <U>() => U }) => response.json<ListResponse<T>>();

describe('content items', () => {
  it('creates an active item with an empty response and zero words', async () => {
    const response = await call(app, 'POST', `/api/v1/project/${projectId}/content`, editor.token, { subject: '  Shipping times  ' });
    expect(response.statusCode).toBe(201);
    const created = response.json<Content>();
    expect(created).toEqual({
      id: expect.any(String),
      project_id: projectId,
      source_id: null,
      subject: 'Shipping times',
      status: 'active',
      reporting_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      num_response_words: 0,
      response_pm: { type: 'doc' },
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, created.id));
    expect(row).toMatchObject({ projectId, subject: 'Shipping times', status: 'active', responsePm: { type: 'doc' }, numResponseWords: 0, sourceId: null });
    expect((await call(app, 'GET', `/api/v1/content/${created.id}`, viewer.token)).json()).toEqual(created);
  });

  it('accepts a source of the same project, and refuses any other', async () => {
    const source = await createSource();
    const created = await createItem({ subject: 'From the handbook', source_id: source.id });
    expect(created.source_id).toBe(source.id);
    expect((await createItem({ source_id: null })).source_id).toBeNull();

    const before = await countRows(app, contents);
    const foreignSource = await createSource(foreignProjectId);
    for (const sourceId of [foreignSource.id, randomUUID()]) {
      expectError(
        await call(app, 'POST', `/api/v1/project/${projectId}/content`, editor.token, { subject: 'Smuggled', source_id: sourceId }),
        400,
        'Source ID must name a source of this project',
      );
    }
    expectError(
      await call(app, 'POST', `/api/v1/project/${projectId}/content`, editor.token, { subject: 'Bad', source_id: 'not-a-uuid' }),
      400,
      'Source ID must be a valid UUIDv4.',
    );
    expect(await countRows(app, contents)).toBe(before);
  });

  it('validates the subject on create (1-1024) and update (1-255), and writes nothing on bad input', async () => {
    const url = `/api/v1/project/${projectId}/content`;
    const before = await countRows(app, contents);
    expectError(await call(app, 'POST', url, editor.token, { subject: '' }), 400, 'Subject must be at least 1 character');
    expectError(await call(app, 'POST', url, editor.token, { subject: '   ' }), 400, 'Subject must be at least 1 character');
    expectError(await call(app, 'POST', url, editor.token, {}), 400, 'Subject must be at least 1 character');
    expectError(await call(app, 'POST', url, editor.token, { subject: 'x'.repeat(1025) }), 400, 'Subject must be at most 1024 characters');
    expectError(await call(app, 'POST', url, editor.token, { subject: 'Fine', status: 'inactive' }), 400, 'status is not an accepted field');
    expect(await countRows(app, contents)).toBe(before);
    expect((await createItem({ subject: 'x'.repeat(1024) })).subject).toHaveLength(1024);

    const item = await createItem({ subject: 'Keep me' });
    const put = (body: unknown) => call(app, 'PUT', `/api/v1/content/${item.id}`, admin.token, body);
    expectError(await put({ subject: '', status: 'active' }), 400, 'Subject must be at least 1 character');
    expectError(await put({ subject: 'x'.repeat(256), status: 'active' }), 400, 'Subject must be at most 255 characters');
    expectError(await put({ subject: 'Fine', status: 'archived' }), 400, 'Status must be one of active, inactive, omitted, candidate');
    expectError(await put({}), 400, 'Body must name at least one field to update');
    expect((await call(app, 'GET', `/api/v1/content/${item.id}`, viewer.token)).json()).toEqual(item);
  });

  it('updates the subject or the status alone, keeping the other; an item with a long subject can be deactivated', async () => {
    const long = await createItem({ subject: 'y'.repeat(400) });
    const deactivated = await call(app, 'PUT', `/api/v1/content/${long.id}`, admin.token, { status: 'inactive' });
    expect(deactivated.json()).toMatchObject({ subject: 'y'.repeat(400), status: 'inactive' });
    const renamed = await call(app, 'PUT', `/api/v1/content/${long.id}`, editor.token, { subject: 'Shorter' });
    expect(renamed.json()).toMatchObject({ subject: 'Shorter', status: 'inactive' });
    expectError(await call(app, 'PUT', `/api/v1/content/${long.id}`, editor.token, { status: 'active' }), 403);
  });

  it('lets editors rename, but only admins change the status (activate, deactivate)', async () => {
    const item = await createItem({ subject: 'Returns' });
    tick();
    const renamed = await call(app, 'PUT', `/api/v1/content/${item.id}`, editor.token, { subject: ' Returns policy ', status: 'active' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ subject: 'Returns policy', status: 'active', updated_at: clock.now().toISOString() });

    expectError(await call(app, 'PUT', `/api/v1/content/${item.id}`, editor.token, { subject: 'Returns policy', status: 'inactive' }), 403);
    expectError(await call(app, 'PUT', `/api/v1/content/${item.id}`, viewer.token, { subject: 'Viewer', status: 'active' }), 403);
    const [unchanged] = await app.ctx.db.select().from(contents).where(eq(contents.id, item.id));
    expect(unchanged).toMatchObject({ subject: 'Returns policy', status: 'active' });

    for (const status of ['inactive', 'active', 'omitted', 'candidate'] as const) {
      const updated = await call(app, 'PUT', `/api/v1/content/${item.id}`, admin.token, { subject: 'Returns policy', status });
      expect(updated.json()).toMatchObject({ status });
    }
  });

  it('lists summaries of the project with paging, sorting and filters', async () => {
    const tree = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }, { user: admin.user, role: 'admin' }], 'Lists');
    const own = tree.project.id;
    for (const subject of ['banana', 'Apple', 'cherry']) {
      await createItem({ subject }, editor.token, own);
      tick();
    }
    const cherry = listOf<ContentSummary>(await call(app, 'GET', `/api/v1/project/${own}/content?subject__eq=cherry`, editor.token)).records[0]!;
    await call(app, 'PUT', `/api/v1/content/${cherry.id}`, admin.token, { subject: 'cherry', status: 'inactive' });

    // The viewer is no member of this workspace.
    expectError(await call(app, 'GET', `/api/v1/project/${own}/content`, viewer.token), 404);
    const listed = await call(app, 'GET', `/api/v1/project/${own}/content`, editor.token);
    expect(listed.statusCode).toBe(200);
    const page = listOf<ContentSummary>(listed);
    expect(page.total).toBe(3);
    // Newest change first by default; a list row carries no response.
    expect(page.records.map((record) => record.subject)).toEqual(['cherry', 'Apple', 'banana']);
    expect(page.records[0]).not.toHaveProperty('response_pm');
    expect(Object.keys(page.records[0]!).sort()).toEqual(
      ['created_at', 'id', 'num_response_words', 'project_id', 'reporting_id', 'source_id', 'status', 'subject', 'updated_at'].sort(),
    );

    const bySubject = listOf<ContentSummary>(await call(app, 'GET', `/api/v1/project/${own}/content?sort_field=subject&limit=2`, editor.token));
    expect(bySubject.records.map((record) => record.subject)).toEqual(['Apple', 'banana']);
    expect(bySubject.total).toBe(3);
    const inactive = listOf<ContentSummary>(await call(app, 'GET', `/api/v1/project/${own}/content?status__eq=inactive`, editor.token));
    expect(inactive.records.map((record) => record.subject)).toEqual(['cherry']);
    const like = listOf<ContentSummary>(await call(app, 'GET', `/api/v1/project/${own}/content?subject__like=AN`, editor.token));
    expect(like.records.map((record) => record.subject)).toEqual(['banana']);
    expectError(await call(app, 'GET', `/api/v1/project/${own}/content?response__like=x`, editor.token), 400, 'Filter must be one of subject, status, num_response_words, updated_at, created_at');
    expectError(await call(app, 'GET', `/api/v1/project/${own}/content?status__eq=gone`, editor.token), 400, 'status must be one of active, inactive, omitted, candidate');
  });

  it("lists one source's items, checked against the source's project", async () => {
    const source = await createSource();
    const first = await createItem({ subject: 'From source A', source_id: source.id });
    await createItem({ subject: 'Not from the source' });
    const listed = await call(app, 'GET', `/api/v1/source/${source.id}/content?sort_field=subject`, viewer.token);
    expect(listed.statusCode).toBe(200);
    const { response_pm: _response, ...summary } = first;
    expect(listOf<ContentSummary>(listed)).toEqual({ records: [summary], total: 1 });

    expectError(await call(app, 'GET', `/api/v1/source/${source.id}/content`, stranger.token), 404);
    expectError(await call(app, 'GET', `/api/v1/source/${randomUUID()}/content`, viewer.token), 404);
    expectError(await call(app, 'GET', `/api/v1/source/${source.id}/content?sort_field=text`, viewer.token), 400);
  });

  it('answers 404 for unknown and foreign items and 400 for malformed ids', async () => {
    const foreign = await createItem({}, stranger.token, foreignProjectId);
    for (const id of [randomUUID(), foreign.id]) {
      expectError(await call(app, 'GET', `/api/v1/content/${id}`, admin.token), 404);
      expectError(await call(app, 'PUT', `/api/v1/content/${id}`, admin.token, { subject: 'Mine now', status: 'active' }), 404);
      expectError(await call(app, 'PUT', `/api/v1/content/${id}/response`, admin.token, { response_pm: { type: 'doc' } }), 404);
      expectError(await call(app, 'DELETE', `/api/v1/content/${id}`, admin.token), 404);
      expectError(await call(app, 'GET', `/api/v1/content/${id}/utterance`, admin.token), 404);
      expectError(await call(app, 'POST', `/api/v1/content/${id}/utterance`, admin.token, { text: 'hello' }), 404);
      expectError(await call(app, 'GET', `/api/v1/content/${id}/action`, admin.token), 404);
      expectError(await call(app, 'POST', `/api/v1/content/${id}/action`, admin.token, { type: 'event', config: { label: 'a', event: 'b' } }), 404);
    }
    expectError(await call(app, 'GET', `/api/v1/project/${foreignProjectId}/content`, admin.token), 404);
    expectError(await call(app, 'POST', `/api/v1/project/${foreignProjectId}/content`, admin.token, { subject: 'Sneak' }), 404);
    expectError(await call(app, 'GET', '/api/v1/content/not-a-uuid', admin.token), 400, 'Id must be a valid UUID.');
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, foreign.id));
    expect(row!.subject).toBe(foreign.subject);
  });

  it('deletes an item with its utterances and actions (admins only)', async () => {
    const item = await createItem();
    await call(app, 'POST', `/api/v1/content/${item.id}/utterance`, editor.token, { text: 'Where is my parcel?' });
    await call(app, 'POST', `/api/v1/content/${item.id}/action`, editor.token, { type: 'event', config: { label: 'Track', event: 'track' } });

    expectError(await call(app, 'DELETE', `/api/v1/content/${item.id}`, editor.token), 403);
    expectError(await call(app, 'DELETE', `/api/v1/content/${item.id}`, viewer.token), 403);
    expect(await countRows(app, contentUtterances, eq(contentUtterances.contentId, item.id))).toBe(1);

    expect((await call(app, 'DELETE', `/api/v1/content/${item.id}`, admin.token)).statusCode).toBe(204);
    expectError(await call(app, 'GET', `/api/v1/content/${item.id}`, admin.token), 404);
    expect(await countRows(app, contentUtterances, eq(contentUtterances.contentId, item.id))).toBe(0);
    expect(await countRows(app, contentActions, eq(contentActions.contentId, item.id))).toBe(0);
  });
});

describe('the response', () => {
  const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
  const save = (id: string, response_pm: unknown, token = editor.token) => call(app, 'PUT', `/api/v1/content/${id}/response`, token, { response_pm });

  it('stores the canonical document and keeps num_response_words right on every save', async () => {
    const item = await createItem();
    tick();
    const written = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, id: 'h' }, content: [{ type: 'text', text: 'Fast shipping', marks: [{ type: 'bold' }] }] },
        paragraph(
          { type: 'text', text: 'We ship ', marks: [{ type: 'italic' }, { type: 'bold' }] },
          {
            type: 'text',
            text: 'worldwide',
            marks: [{ type: 'link', attrs: { href: 'https://example.com/ship', target: '_blank', rel: 'noopener noreferrer nofollow', class: null } }],
          },
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph({ type: 'text', text: 'in two days' })] }] },
        { type: 'image', attrs: { src: 'https://example.com/box.png', alt: 'a box', title: null, width: 320 } },
        { type: 'actions', attrs: { actions: [{ type: 'query', label: 'Costs', utterance: 'What does it cost?' }] } },
      ],
    };
    const response = await save(item.id, written);
    expect(response.statusCode, response.body).toBe(200);
    const canonical = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Fast shipping' }] },
        paragraph(
          { type: 'text', text: 'We ship ', marks: [{ type: 'bold' }, { type: 'italic' }] },
          { type: 'text', text: 'worldwide', marks: [{ type: 'link', attrs: { href: 'https://example.com/ship', target: '_blank' } }] },
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph({ type: 'text', text: 'in two days' })] }] },
        { type: 'image', attrs: { src: 'https://example.com/box.png', alt: 'a box', title: null } },
        { type: 'actions', attrs: { actions: [{ type: 'query', label: 'Costs', utterance: 'What does it cost?' }] } },
      ],
    };
    // Fast shipping (2) + We ship worldwide (3) + in two days (3); alt text and actions are not read out.
    expect(response.json()).toMatchObject({ id: item.id, response_pm: canonical, num_response_words: 8, updated_at: clock.now().toISOString() });
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, item.id));
    expect(row!.responsePm).toEqual(canonical);
    expect(row!.numResponseWords).toBe(8);

    const shorter = await save(item.id, { type: 'doc', content: [paragraph({ type: 'text', text: 'Two days.' })] });
    expect(shorter.json()).toMatchObject({ num_response_words: 2 });
    const emptied = await save(item.id, { type: 'doc' });
    expect(emptied.json()).toMatchObject({ response_pm: { type: 'doc' }, num_response_words: 0 });
    expect((await call(app, 'GET', `/api/v1/content/${item.id}`, viewer.token)).json()).toMatchObject({ num_response_words: 0 });
  });

  it('refuses unsafe or unknown content, and over-long responses, with the message and nothing stored', async () => {
    const item = await createItem();
    await save(item.id, { type: 'doc', content: [paragraph({ type: 'text', text: 'Original answer' })] });
    const link = (href: string) => ({ type: 'doc', content: [paragraph({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] })] });
    expectError(await save(item.id, link('javascript:alert(1)')), 400, 'Link URL must use http, https or mailto');
    expectError(await save(item.id, link('data:text/html,hi')), 400, 'Link URL must use http, https or mailto');
    expectError(await save(item.id, link('/relative')), 400, 'Link URL is not a valid URL: /relative');
    expectError(await save(item.id, { type: 'doc', content: [{ type: 'image', attrs: { src: 'mailto:a@example.com' } }] }), 400, 'Image URL must use http or https');
    expectError(
      await save(item.id, { type: 'doc', content: [{ type: 'iframe' }] }),
      400,
      'Node type must be one of paragraph, heading, bulletList, orderedList, image, horizontalRule, actions, cutoff',
    );
    expectError(
      await save(item.id, { type: 'doc', content: [paragraph({ type: 'text', text: 'a'.repeat(RESPONSE_CHARACTER_LIMIT + 1) })] }),
      400,
      `Response must be at most ${RESPONSE_CHARACTER_LIMIT} characters`,
    );
    expectError(await call(app, 'PUT', `/api/v1/content/${item.id}/response`, editor.token, {}), 400);
    expectError(await save(item.id, { type: 'doc' }, viewer.token), 403);

    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, item.id));
    expect(row!.responsePm).toEqual({ type: 'doc', content: [paragraph({ type: 'text', text: 'Original answer' })] });
    expect(row!.numResponseWords).toBe(2);

    const exact = await save(item.id, { type: 'doc', content: [paragraph({ type: 'text', text: 'a'.repeat(RESPONSE_CHARACTER_LIMIT) })] });
    expect(exact.statusCode).toBe(200);
  });
});

describe('utterances', () => {
  const add = (contentId: string, text: string, token = editor.token) => call(app, 'POST', `/api/v1/content/${contentId}/utterance`, token, { text });
  const updatedAt = async (id: string) => (await call(app, 'GET', `/api/v1/content/${id}`, viewer.token)).json<Content>().updated_at;

  it('adds, lists, changes and removes utterances; each change moves the item', async () => {
    const item = await createItem();
    tick();
    const created = await add(item.id, '  Where is my parcel?  ');
    expect(created.statusCode).toBe(201);
    const utterance = created.json<ContentUtterance>();
    expect(utterance).toEqual({
      id: expect.any(String),
      content_id: item.id,
      text: 'Where is my parcel?',
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    expect(await updatedAt(item.id)).toBe(clock.now().toISOString());
    await add(item.id, 'Track my order');

    const listed = listOf<ContentUtterance>(await call(app, 'GET', `/api/v1/content/${item.id}/utterance?sort_field=text`, viewer.token));
    expect(listed.records.map((record) => record.text)).toEqual(['Track my order', 'Where is my parcel?']);
    expect(listed.total).toBe(2);
    const filtered = listOf<ContentUtterance>(await call(app, 'GET', `/api/v1/content/${item.id}/utterance?text__like=PARCEL`, viewer.token));
    expect(filtered.records.map((record) => record.id)).toEqual([utterance.id]);

    tick();
    const changed = await call(app, 'PUT', `/api/v1/content-utterance/${utterance.id}`, editor.token, { text: 'Where is my package?' });
    expect(changed.json()).toMatchObject({ id: utterance.id, text: 'Where is my package?', updated_at: clock.now().toISOString() });
    expect(await updatedAt(item.id)).toBe(clock.now().toISOString());
    const [row] = await app.ctx.db.select().from(contentUtterances).where(eq(contentUtterances.id, utterance.id));
    expect(row!.text).toBe('Where is my package?');

    tick();
    expect((await call(app, 'DELETE', `/api/v1/content-utterance/${utterance.id}`, editor.token)).statusCode).toBe(204);
    expect(await updatedAt(item.id)).toBe(clock.now().toISOString());
    expectError(await call(app, 'DELETE', `/api/v1/content-utterance/${utterance.id}`, editor.token), 404);
    expectError(await call(app, 'PUT', `/api/v1/content-utterance/${utterance.id}`, editor.token, { text: 'Back?' }), 404);
    expect(await countRows(app, contentUtterances, eq(contentUtterances.contentId, item.id))).toBe(1);
  });

  it("refuses a duplicate within the item, ignoring case and surrounding space, even when two arrive at once", async () => {
    const item = await createItem();
    const other = await createItem();
    await add(item.id, 'Opening hours');
    expectError(await add(item.id, '  OPENING hours '), 409, 'Utterances must be unique');
    expect((await add(other.id, 'opening hours')).statusCode).toBe(201);

    const racing = await Promise.all([add(item.id, 'When are you open?'), add(item.id, 'when are you open?')]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expectError(racing.find((response) => response.statusCode === 409)!, 409, 'Utterances must be unique');

    const second = (await add(item.id, 'Are you open on Sunday?')).json<ContentUtterance>();
    expectError(await call(app, 'PUT', `/api/v1/content-utterance/${second.id}`, editor.token, { text: 'opening HOURS' }), 409, 'Utterances must be unique');
    // Changing only the case of itself is no duplicate.
    const recased = await call(app, 'PUT', `/api/v1/content-utterance/${second.id}`, editor.token, { text: 'ARE YOU OPEN ON SUNDAY?' });
    expect(recased.json()).toMatchObject({ text: 'ARE YOU OPEN ON SUNDAY?' });
    expect(await countRows(app, contentUtterances, eq(contentUtterances.contentId, item.id))).toBe(3);
  });

  it('validates the text (1-1024) and the rights', async () => {
    const item = await createItem();
    const kept = (await add(item.id, 'Kept')).json<ContentUtterance>();
    const before = await countRows(app, contentUtterances);
    expectError(await add(item.id, ''), 400, 'Text must be at least 1 character');
    expectError(await add(item.id, '   '), 400, 'Text must be at least 1 character');
    expectError(await call(app, 'POST', `/api/v1/content/${item.id}/utterance`, editor.token, {}), 400, 'Text must be at least 1 character');
    expectError(await add(item.id, 'x'.repeat(1025)), 400, 'Text must be at most 1024 characters');
    expectError(await call(app, 'PUT', `/api/v1/content-utterance/${kept.id}`, editor.token, { text: '' }), 400, 'Text must be at least 1 character');
    expect((await add(item.id, 'x'.repeat(1024))).statusCode).toBe(201);

    expectError(await add(item.id, 'Viewer wrote this', viewer.token), 403);
    expectError(await call(app, 'PUT', `/api/v1/content-utterance/${kept.id}`, viewer.token, { text: 'Changed' }), 403);
    expectError(await call(app, 'DELETE', `/api/v1/content-utterance/${kept.id}`, viewer.token), 403);
    // Removing an utterance edits the item: editors may.
    expectError(await call(app, 'GET', `/api/v1/content/${item.id}/utterance`, stranger.token), 404);
    expectError(await call(app, 'PUT', `/api/v1/content-utterance/${kept.id}`, stranger.token, { text: 'Mine' }), 404);
    expectError(await call(app, 'DELETE', `/api/v1/content-utterance/${kept.id}`, stranger.token), 404);
    expectError(await call(app, 'PUT', `/api/v1/content-utterance/${randomUUID()}`, editor.token, { text: 'Nobody' }), 404);
    expect(await countRows(app, contentUtterances)).toBe(before + 1);
    expect((await call(app, 'DELETE', `/api/v1/content-utterance/${kept.id}`, editor.token)).statusCode).toBe(204);
  });
});

describe('actions', () => {
  const add = (contentId: string, body: unknown, token = editor.token) => call(app, 'POST', `/api/v1/content/${contentId}/action`, token, body);

  it('adds query and event actions, changes and removes them; each change moves the item', async () => {
    const item = await createItem();
    tick();
    const query = await add(item.id, { type: 'query', config: { label: 'Costs', utterance: 'What does shipping cost?', event: 'ignored' } });
    expect(query.statusCode, query.body).toBe(201);
    const created = query.json<ContentAction>();
    expect(created).toEqual({
      id: expect.any(String),
      content_id: item.id,
      type: 'query',
      config: { label: 'Costs', utterance: 'What does shipping cost?' },
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    const [stored] = await app.ctx.db.select().from(contentActions).where(eq(contentActions.id, created.id));
    expect(stored!.config).toEqual({ label: 'Costs', utterance: 'What does shipping cost?' });
    expect((await call(app, 'GET', `/api/v1/content/${item.id}`, viewer.token)).json<Content>().updated_at).toBe(clock.now().toISOString());

    tick();
    const event = (await add(item.id, { type: 'event', config: { label: 'Chat with us', event: 'open_chat' } })).json<ContentAction>();
    expect(event).toMatchObject({ type: 'event', config: { label: 'Chat with us', event: 'open_chat' } });
    const listed = listOf<ContentAction>(await call(app, 'GET', `/api/v1/content/${item.id}/action?limit=5`, viewer.token));
    expect(listed.records.map((record) => record.id)).toEqual([event.id, created.id]);
    const events = listOf<ContentAction>(await call(app, 'GET', `/api/v1/content/${item.id}/action?type__eq=event`, viewer.token));
    expect(events.records.map((record) => record.id)).toEqual([event.id]);

    tick();
    const changed = await call(app, 'PUT', `/api/v1/content-action/${created.id}`, editor.token, { type: 'event', config: { label: 'Costs', event: 'show_costs' } });
    expect(changed.json()).toMatchObject({ id: created.id, type: 'event', config: { label: 'Costs', event: 'show_costs' }, updated_at: clock.now().toISOString() });
    expect((await call(app, 'GET', `/api/v1/content/${item.id}`, viewer.token)).json<Content>().updated_at).toBe(clock.now().toISOString());

    tick();
    expect((await call(app, 'DELETE', `/api/v1/content-action/${created.id}`, editor.token)).statusCode).toBe(204);
    expect((await call(app, 'GET', `/api/v1/content/${item.id}`, viewer.token)).json<Content>().updated_at).toBe(clock.now().toISOString());
    expectError(await call(app, 'DELETE', `/api/v1/content-action/${created.id}`, editor.token), 404);
    expect(await countRows(app, contentActions, eq(contentActions.contentId, item.id))).toBe(1);
  });

  it('validates type and config with the messages of the spec, writing nothing', async () => {
    const item = await createItem();
    const kept = (await add(item.id, { type: 'event', config: { label: 'Kept', event: 'kept' } })).json<ContentAction>();
    const before = await countRows(app, contentActions);
    const cases: [unknown, string][] = [
      [{ type: 'link', config: { label: 'a' } }, 'Type must be one of query, event'],
      [{ config: { label: 'a', event: 'b' } }, 'Type must be one of query, event'],
      [{ type: 'query', config: 'label' }, 'Config must be a JSON object'],
      [{ type: 'query', config: [] }, 'Config must be a JSON object'],
      [{ type: 'query', config: { utterance: 'hi' } }, 'Label must be at least 1 character'],
      [{ type: 'query', config: { label: '', utterance: 'hi' } }, 'Label must be at least 1 character'],
      [{ type: 'query', config: { label: 'x'.repeat(256), utterance: 'hi' } }, 'Label must be at most 255 characters'],
      [{ type: 'query', config: { label: 'a', event: 'b' } }, 'Utterance must be at least 1 character'],
      [{ type: 'query', config: { label: 'a', utterance: 'x'.repeat(256) } }, 'Utterance must be at most 255 characters'],
      [{ type: 'event', config: { label: 'a', utterance: 'b' } }, 'Event must be at least 1 character'],
      [{ type: 'event', config: { label: 'a', event: 'x'.repeat(33) } }, 'Event must be at most 32 characters'],
      [{ type: 'event', config: { label: 'a', event: 'b' }, extra: 1 }, 'extra is not an accepted field'],
    ];
    for (const [body, message] of cases) {
      expectError(await add(item.id, body), 400, message);
      expectError(await call(app, 'PUT', `/api/v1/content-action/${kept.id}`, editor.token, body), 400, message);
    }
    expect(await countRows(app, contentActions)).toBe(before);
    const [row] = await app.ctx.db.select().from(contentActions).where(eq(contentActions.id, kept.id));
    expect(row).toMatchObject({ type: 'event', config: { label: 'Kept', event: 'kept' } });
    expect((await add(item.id, { type: 'event', config: { label: 'x'.repeat(255), event: 'x'.repeat(32) } })).statusCode).toBe(201);
  });

  it('answers 403 to viewers and 404 to other workspaces and unknown ids', async () => {
    const item = await createItem();
    const action = (await add(item.id, { type: 'event', config: { label: 'Track', event: 'track' } })).json<ContentAction>();
    const body = { type: 'event', config: { label: 'Changed', event: 'changed' } };
    expectError(await add(item.id, body, viewer.token), 403);
    expectError(await call(app, 'PUT', `/api/v1/content-action/${action.id}`, viewer.token, body), 403);
    expectError(await call(app, 'DELETE', `/api/v1/content-action/${action.id}`, viewer.token), 403);
    expectError(await call(app, 'GET', `/api/v1/content/${item.id}/action`, stranger.token), 404);
    expectError(await call(app, 'PUT', `/api/v1/content-action/${action.id}`, stranger.token, body), 404);
    expectError(await call(app, 'DELETE', `/api/v1/content-action/${action.id}`, stranger.token), 404);
    expectError(await call(app, 'PUT', `/api/v1/content-action/${randomUUID()}`, editor.token, body), 404);
    expectError(await call(app, 'DELETE', `/api/v1/content-action/not-a-uuid`, editor.token), 400, 'Id must be a valid UUID.');
    const [row] = await app.ctx.db.select().from(contentActions).where(eq(contentActions.id, action.id));
    expect(row!.config).toEqual({ label: 'Track', event: 'track' });
  });
});
