import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { JSON_SETTINGS_MAX_CHARS, JSON_SETTINGS_MAX_DEPTH, messages, type Project } from '@console/contracts';
import { contentActions, projects, sources } from '../src/db/schema/index';
import { emptyArchive, multipartForm } from './authorization/rows-project';
import { call, countRows, createProjectTeam, createTestApp, expectError, openTestDatabase } from './helper';

/**
 * Free-form JSON settings (pipeline configuration, source, channel and action configurations) are
 * bounded in depth and size on every route that takes them: a hostile value is a 400 with the
 * rule, never a 500 from a stack overflow, and nothing is written.
 */

let app: FastifyInstance;
let team: Awaited<ReturnType<typeof createProjectTeam>>;
let sourceId: string;
let contentId: string;
let actionId: string;

/** JSON text of an object nested `depth` levels deep, built as text: the test itself must not recurse. */
const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
const longObject = () => JSON.stringify({ text: 'x'.repeat(JSON_SETTINGS_MAX_CHARS) });
const tooDeep = (field: string) => messages.jsonTooDeep(field, JSON_SETTINGS_MAX_DEPTH);
const tooLong = (field: string) => messages.jsonTooLong(field, JSON_SETTINGS_MAX_CHARS);

function send(method: 'POST' | 'PUT', url: string, body: string) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${team.editor.token}`, 'content-type': 'application/json' },
    payload: body,
  });
}

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  team = await createProjectTeam(app);
  const projectId = team.tree.project.id;
  const source = await call(app, 'POST', `/api/v1/project/${projectId}/source`, team.editor.token, { display_name: 'Handbook', type: 'pipeline' });
  expect(source.statusCode, source.body).toBe(201);
  sourceId = source.json<{ id: string }>().id;
  const content = await call(app, 'POST', `/api/v1/project/${projectId}/content`, team.editor.token, { subject: 'Shipping' });
  expect(content.statusCode, content.body).toBe(201);
  contentId = content.json<{ id: string }>().id;
  const action = await call(app, 'POST', `/api/v1/content/${contentId}/action`, team.editor.token, { type: 'event', config: { label: 'Track', event: 'track' } });
  expect(action.statusCode, action.body).toBe(201);
  actionId = action.json<{ id: string }>().id;
});

const routes = () => [
  { route: 'PUT /project/{id}', method: 'PUT' as const, url: `/project/${team.tree.project.id}`, body: (config: string) => `{"pipeline_config":${config}}`, field: 'Pipeline Config' },
  { route: 'PUT /source/{id}/config', method: 'PUT' as const, url: `/source/${sourceId}/config`, body: (config: string) => `{"config":${config}}`, field: 'Config' },
  { route: 'POST /content/{id}/action', method: 'POST' as const, url: `/content/${contentId}/action`, body: (config: string) => `{"type":"event","config":${config}}`, field: 'Config' },
  { route: 'PUT /content-action/{id}', method: 'PUT' as const, url: `/content-action/${actionId}`, body: (config: string) => `{"type":"event","config":${config}}`, field: 'Config' },
];

async function writable() {
  return {
    project: await app.ctx.db.select().from(projects),
    sources: await app.ctx.db.select().from(sources),
    actions: await app.ctx.db.select().from(contentActions),
  };
}

describe('free-form JSON settings', () => {
  it('a value nested 5,000 levels deep or longer than the cap is 400 with the rule, nothing written', async () => {
    const before = await writable();
    for (const route of routes()) {
      expectError(await send(route.method, route.url, route.body(nested(5_000))), 400, tooDeep(route.field));
      expectError(await send(route.method, route.url, route.body(nested(JSON_SETTINGS_MAX_DEPTH + 1))), 400, tooDeep(route.field));
      expectError(await send(route.method, route.url, route.body(longObject())), 400, tooLong(route.field));
    }
    expect(await writable()).toEqual(before);
  });

  it('a body nested 200,000 levels deep (within the body limit) is read without overflowing: 400', async () => {
    const deepArrays = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expectError(await send('PUT', `/project/${team.tree.project.id}`, `{"pipeline_config":{"a":${deepArrays}}}`), 400, tooDeep('Pipeline Config'));
    expectError(await send('PUT', `/project/${team.tree.project.id}`, `{"display_name":${deepArrays}}`), 400, messages.atLeastChars('Name', 3));
  });

  it('a pipeline configuration exactly at the depth bound is kept whole', async () => {
    const response = await send('PUT', `/project/${team.tree.project.id}`, `{"pipeline_config":${nested(JSON_SETTINGS_MAX_DEPTH)}}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.stringify(response.json<Project>().pipeline_config)).toBe(nested(JSON_SETTINGS_MAX_DEPTH));
  });

  it('an archive with a deep pipeline, source or channel configuration is 400 naming where, nothing written', async () => {
    const archive = emptyArchive();
    const source = {
      id: randomUUID(),
      display_name: 'Handbook',
      type: 'pipeline',
      config: '@deep',
      kb: null,
      created_at: archive.exported_at,
      updated_at: archive.exported_at,
    };
    const channel = { display_name: 'Site', type: 'web', status: 'draft', config: '@deep', created_at: archive.exported_at, updated_at: archive.exported_at };
    const files = [
      [{ ...archive, project: { ...archive.project, pipeline_config: '@deep' } }, `project.pipeline_config: ${tooDeep('Pipeline Config')}`],
      [{ ...archive, sources: [source] }, `sources[0].config: ${tooDeep('Config')}`],
      [{ ...archive, channels: [channel] }, `channels[0].config: ${tooDeep('Config')}`],
    ] as const;
    const before = await countRows(app, projects);
    for (const [file, detail] of files) {
      const { payload, headers } = multipartForm([{ name: 'file', filename: 'archive.json', content: JSON.stringify(file).replace('"@deep"', nested(5_000)) }]);
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/workspace/${team.tree.workspace.id}/project/import`,
        payload,
        headers: { ...headers, authorization: `Bearer ${team.admin.token}` },
      });
      expectError(response, 400, detail);
    }
    expect(await countRows(app, projects)).toBe(before);
  });
});
