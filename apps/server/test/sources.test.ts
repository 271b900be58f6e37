import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_PIPELINE_CONFIG,
  pmDocumentSchema,
  pmToKb,
  sourceMessages,
  type Source,
  type SourceSummary,
  type SourceType,
} from '@console/contracts';
import { contents, sources } from '../src/db/schema/index';
import { call, countRows, createProjectTeam, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

type Team = Awaited<ReturnType<typeof createProjectTeam>>;

/** The source routes: list, create, read, rename, delete, configuration and conversion. */

let app: FastifyInstance;
let admin: Team['admin'];
let editor: Team['editor'];
let viewer: Team['viewer'];
let tree: Team['tree'];
let elsewhere: Awaited<ReturnType<typeof createWorkspaceTree>>;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  ({ admin, editor, viewer, tree } = await createProjectTeam(app));
  elsewhere = await createWorkspaceTree(app, [], 'Elsewhere');
});

const api = (path: string) => `/api/v1${path}`;

async function createSource(body: Record<string, unknown> = {}, projectId = tree.project.id) {
  const response = await call(app, 'POST', api(`/project/${projectId}/source`), editor.token, {
    display_name: 'Help Handbook',
    type: 'rich_editor',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Source>();
}

/** A source of a type that cannot be created through the API (older types). */
async function insertSource(type: SourceType, values: Partial<typeof sources.$inferInsert> = {}) {
  const [row] = await app.ctx.db
    .insert(sources)
    .values({ projectId: tree.project.id, displayName: `Legacy ${type}`, type, config: { legacy: true }, ...values })
    .returning();
  return row!;
}

const document = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Shipping', marks: [{ type: 'bold' }] }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'Two days.', marks: [{ type: 'italic' }, { type: 'bold' }] }] },
  ],
};

describe('creating and listing sources', () => {
  it('creates a rich_editor source with an empty document and KB', async () => {
    const source = await createSource();
    expect(source).toMatchObject({
      project_id: tree.project.id,
      display_name: 'Help Handbook',
      type: 'rich_editor',
      config: { document: { type: 'doc' } },
      kb: { children: [] },
      last_pull: null,
    });
    const read = await call(app, 'GET', api(`/source/${source.id}`), viewer.token);
    expect(read.json()).toEqual(source);
  });

  it('creates a pipeline source with the default configuration', async () => {
    const source = await createSource({ display_name: 'Website', type: 'pipeline' });
    expect(source).toMatchObject({ type: 'pipeline', config: DEFAULT_PIPELINE_CONFIG, kb: { children: [] } });
  });

  it('refuses bad input with the contract messages and writes nothing', async () => {
    const before = await countRows(app, sources);
    const url = api(`/project/${tree.project.id}/source`);
    const cases: [unknown, string][] = [
      [{ display_name: 'ab', type: 'rich_editor' }, 'Name must be at least 3 characters'],
      [{ display_name: 'x'.repeat(256), type: 'rich_editor' }, 'Name must be at most 255 characters'],
      [{ type: 'rich_editor' }, 'Name must be at least 3 characters'],
      [{ display_name: 'Legacy', type: 'editor' }, 'Type must be one of rich_editor, pipeline'],
      [{ display_name: 'Legacy' }, 'Type must be one of rich_editor, pipeline'],
      [{ display_name: 'Extra', type: 'pipeline', config: {} }, 'config is not an accepted field'],
    ];
    for (const [body, message] of cases) expectError(await call(app, 'POST', url, editor.token, body), 400, message);
    expect(await countRows(app, sources)).toBe(before);
  });

  it('lists the project sources with filters and sorting', async () => {
    const { project } = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }], 'Listing');
    await createSource({ display_name: 'Beta pages', type: 'pipeline' }, project.id);
    await createSource({ display_name: 'alpha notes' }, project.id);
    const list = (query: string) => call(app, 'GET', api(`/project/${project.id}/source${query}`), editor.token);

    const all = (await list('?sort_field=display_name&sort_direction=ascending')).json<{ records: SourceSummary[]; total: number }>();
    expect(all.total).toBe(2);
    expect(all.records.map((record) => record.display_name)).toEqual(['alpha notes', 'Beta pages']);
    expect(all.records[0]).not.toHaveProperty('config');

    const pipelines = (await list('?type__eq=pipeline')).json<{ records: SourceSummary[]; total: number }>();
    expect(pipelines.records.map((record) => record.display_name)).toEqual(['Beta pages']);
    expect((await list('?display_name__like=NOTES')).json<{ total: number }>().total).toBe(1);
    expectError(await list('?type__eq=ftp'), 400);
  });

  it('answers 404 for sources and projects of another workspace, 400 for a malformed id', async () => {
    const [foreign] = await app.ctx.db
      .insert(sources)
      .values({ projectId: elsewhere.project.id, displayName: 'Not yours', type: 'rich_editor' })
      .returning();
    expectError(await call(app, 'GET', api(`/project/${elsewhere.project.id}/source`), editor.token), 404);
    expectError(await call(app, 'GET', api(`/source/${foreign!.id}`), editor.token), 404);
    expectError(await call(app, 'PUT', api(`/source/${foreign!.id}`), editor.token, { display_name: 'Mine now' }), 404);
    expectError(await call(app, 'GET', api('/source/not-a-uuid'), editor.token), 400, 'Id must be a valid UUID.');
    expectError(await call(app, 'GET', api(`/source/${tree.project.id}`), editor.token), 404);
  });
});

describe('renaming and deleting', () => {
  it('renames a source', async () => {
    const source = await createSource();
    const renamed = await call(app, 'PUT', api(`/source/${source.id}`), editor.token, { display_name: 'FAQ Handbook' });
    expect(renamed.json()).toMatchObject({ id: source.id, display_name: 'FAQ Handbook', config: source.config });
    expectError(await call(app, 'PUT', api(`/source/${source.id}`), editor.token, { display_name: 'FA' }), 400, 'Name must be at least 3 characters');
    expectError(await call(app, 'PUT', api(`/source/${source.id}`), viewer.token, { display_name: 'Viewer Name' }), 403);
    expect((await call(app, 'GET', api(`/source/${source.id}`), viewer.token)).json()).toMatchObject({ display_name: 'FAQ Handbook' });
  });

  it('deletes a source and keeps its content items, unlinked', async () => {
    const source = await createSource();
    const [item] = await app.ctx.db
      .insert(contents)
      .values({ projectId: tree.project.id, sourceId: source.id, sourceKey: 'Shipping', subject: 'Shipping', status: 'active', responsePm: { type: 'doc' } })
      .returning();
    expectError(await call(app, 'DELETE', api(`/source/${source.id}`), editor.token), 403);

    const deleted = await call(app, 'DELETE', api(`/source/${source.id}`), admin.token);
    expect(deleted.statusCode).toBe(204);
    expectError(await call(app, 'GET', api(`/source/${source.id}`), editor.token), 404);
    const [kept] = await app.ctx.db.select().from(contents).where(eq(contents.id, item!.id));
    expect(kept).toMatchObject({ subject: 'Shipping', sourceId: null });
  });
});

describe('configuration', () => {
  it('stores a rich_editor document in its canonical form and its KB tree beside it', async () => {
    const source = await createSource();
    const response = await call(app, 'PUT', api(`/source/${source.id}/config`), editor.token, { config: { document } });
    expect(response.statusCode, response.body).toBe(200);
    const canonical = JSON.parse(JSON.stringify(pmDocumentSchema.parse(document)));
    const updated = response.json<Source>();
    expect(updated.config).toEqual({ document: canonical });
    // The heading loses its marks, the text's marks take their one order.
    expect(JSON.stringify(updated.config)).toContain('"marks":[{"type":"bold"},{"type":"italic"}]');
    expect(updated.kb).toEqual(JSON.parse(JSON.stringify(pmToKb(canonical))));
    expect(updated.kb?.children[0]).toMatchObject({ type: 'hierarchy_header', header: 'Shipping', level: 1 });
  });

  it('refuses a rich_editor configuration that is not a valid document, with the first message', async () => {
    const source = await createSource();
    const put = (config: unknown) => call(app, 'PUT', api(`/source/${source.id}/config`), editor.token, { config });
    const link = (href: string) => ({
      document: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }] }] },
    });
    expectError(await put(link('javascript:alert(1)')), 400, 'Link URL must use http, https or mailto');
    expectError(await put({ document: { type: 'page' } }), 400, "Document type must be 'doc'");
    expectError(await put({ document: { type: 'doc' }, extra: 1 }), 400, 'extra is not an accepted field');
    expectError(await put([1, 2]), 400, 'Config must be a JSON object');
    expectError(await call(app, 'PUT', api(`/source/${source.id}/config`), editor.token, {}), 400, 'Config must be a JSON object');
    const [row] = await app.ctx.db.select().from(sources).where(eq(sources.id, source.id));
    expect(row!.config).toEqual({ document: { type: 'doc' } });
  });

  it('checks a pipeline configuration against the input schema', async () => {
    const source = await createSource({ display_name: 'Website', type: 'pipeline' });
    const put = (config: unknown) => call(app, 'PUT', api(`/source/${source.id}/config`), editor.token, { config });
    const config = {
      inputs: [
        { type: 'web', urls: ['https://example.com/faq'] },
        { type: 'sitemap', url: 'https://example.com/sitemap.xml', max_pages: 20 },
        { type: 'csv', text: 'subject,response\nHours,9 to 5' },
      ],
    };
    const saved = await put(config);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Source>()).toMatchObject({ config, kb: { children: [] } });

    const cases: [unknown, string][] = [
      [{}, 'Inputs must be a list'],
      [{ inputs: [{ type: 'web', urls: [] }] }, 'URLs must have at least one URL'],
      [{ inputs: [{ type: 'web', urls: ['ftp://example.com/x'] }] }, 'URL must be a valid URL'],
      [{ inputs: [{ type: 'rss', url: 'https://example.com/feed' }] }, 'Input type must be one of web, sitemap, csv'],
      [{ inputs: [{ type: 'sitemap', url: 'https://example.com/sitemap.xml', max_pages: 501 }] }, 'Max Pages must not be greater than 500'],
      [{ inputs: [{ type: 'csv' }] }, 'A CSV input needs either a url or a text'],
      [{ inputs: [], schedule: 'daily' }, 'schedule is not an accepted field'],
    ];
    for (const [body, message] of cases) expectError(await put(body), 400, message);
    expect((await call(app, 'GET', api(`/source/${source.id}`), editor.token)).json<Source>().config).toEqual(config);
  });

  it('answers not implemented for the other types', async () => {
    const legacy = await insertSource('web');
    expectError(
      await call(app, 'PUT', api(`/source/${legacy.id}/config`), editor.token, { config: { anything: true } }),
      400,
      sourceMessages.notImplemented,
    );
    expectError(await call(app, 'POST', api(`/source/${legacy.id}/pull`), editor.token), 400, sourceMessages.notImplemented);
  });

  it('needs the update right', async () => {
    const source = await createSource();
    expectError(await call(app, 'PUT', api(`/source/${source.id}/config`), viewer.token, { config: { document } }), 403);
  });
});

describe('conversion', () => {
  const convert = (id: string, type: string) => call(app, 'POST', api(`/source/${id}/convert`), editor.token, { type });

  it('converts editor to rich_editor and custom to pipeline, keeping configuration and KB', async () => {
    const kb = { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Old words' }] }] };
    const editorSource = await insertSource('editor', { kb: kb as never });
    const converted = await convert(editorSource.id, 'rich_editor');
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json()).toMatchObject({ type: 'rich_editor', config: { legacy: true }, kb });

    const custom = await insertSource('custom');
    expect((await convert(custom.id, 'pipeline')).json()).toMatchObject({ type: 'pipeline', config: { legacy: true } });
  });

  it('downgrades rich_editor to editor and pipeline to custom', async () => {
    const rich = await createSource();
    expect((await convert(rich.id, 'editor')).json()).toMatchObject({ type: 'editor', config: rich.config, kb: rich.kb });
    const pipeline = await createSource({ display_name: 'Website', type: 'pipeline' });
    expect((await convert(pipeline.id, 'custom')).json()).toMatchObject({ type: 'custom', config: pipeline.config });
  });

  it('refuses every other move', async () => {
    const rich = await createSource();
    const web = await insertSource('web');
    expectError(await convert(rich.id, 'pipeline'), 400, sourceMessages.cannotConvert('rich_editor', 'pipeline'));
    expectError(await convert(rich.id, 'rich_editor'), 400, 'A rich_editor source cannot be converted to rich_editor.');
    expectError(await convert(web.id, 'rich_editor'), 400, 'A web source cannot be converted to rich_editor.');
    expectError(await convert(rich.id, 'gopher'), 400, 'Type must be one of rich_editor, pipeline, editor, web, kb, csv, custom, squarespace-page, hubspot, google-doc');
    expect((await call(app, 'GET', api(`/source/${rich.id}`), editor.token)).json()).toMatchObject({ type: 'rich_editor' });
    expectError(await call(app, 'POST', api(`/source/${rich.id}/convert`), viewer.token, { type: 'editor' }), 403);
  });
});
