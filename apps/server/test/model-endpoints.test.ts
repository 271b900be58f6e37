import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { modelEndpointRefused } from '@console/contracts';
import { ConfigError, readConfig } from '../src/config';
import { projects } from '../src/db/schema/index';
import { parseModelEndpoints } from '../src/platform/model-endpoints';
import { emptyArchive, multipartForm } from './authorization/rows-project';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

/**
 * A project's editors choose genhybrid's URL, the operator's MODEL_ENDPOINTS chooses where each
 * MODEL_API_KEY_* may go: a pipeline_config naming a key for another origin is never stored.
 */

const KEY = 'MODEL_API_KEY_OPENAI';
const ALLOWED = 'https://api.openai.com';
const genhybrid = (url: string, keyEnv: string | null = KEY) => ({
  genhybrid: { url, model: 'small', ...(keyEnv ? { api_key_env: keyEnv } : {}) },
});

let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let tree: Awaited<ReturnType<typeof createWorkspaceTree>>;

beforeAll(async () => {
  const { endpoints } = parseModelEndpoints(`OPENAI=${ALLOWED}, https://eu.api.openai.com;LOCAL=http://10.0.0.5:8000`);
  app = await createTestApp(await openTestDatabase(), { modelEndpoints: endpoints });
  editor = await createSignedInUser(app);
  tree = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
});

describe('MODEL_ENDPOINTS', () => {
  it('names per key the origins it may be sent to; a malformed entry stops the server with the list', () => {
    const { modelEndpoints: endpoints } = readConfig({ MODEL_ENDPOINTS: 'OPENAI=https://api.openai.com,https://eu.api.openai.com; LOCAL=http://10.0.0.5:8000' });
    expect([...endpoints.entries()].map(([key, origins]) => [key, [...origins]])).toEqual([
      ['MODEL_API_KEY_OPENAI', ['https://api.openai.com', 'https://eu.api.openai.com']],
      ['MODEL_API_KEY_LOCAL', ['http://10.0.0.5:8000']],
    ]);
    expect(readConfig({}).modelEndpoints.size).toBe(0);
    for (const bad of ['OPENAI', 'OPENAI=https://api.openai.com/v1', 'OPENAI=ftp://files.example', 'MY-KEY=https://a.example']) {
      expect(() => readConfig({ MODEL_ENDPOINTS: bad }), bad).toThrow(ConfigError);
    }
    expect(parseModelEndpoints('OPENAI=https://api.openai.com/v1').problems[0]).toMatch(/without a path/);
  });
});

describe('a pipeline_config naming a model key', () => {
  const put = (body: unknown) => call(app, 'PUT', `/api/v1/project/${tree.project.id}`, editor.token, { pipeline_config: body });
  const storedConfig = async () => (await app.ctx.db.select().from(projects).where(eq(projects.id, tree.project.id)))[0]!.pipelineConfig;

  it('is stored for an allowed origin (any path), or without a key for any URL', async () => {
    expect((await put(genhybrid(`${ALLOWED}/v1/chat/completions`))).statusCode).toBe(200);
    expect((await put(genhybrid('https://eu.api.openai.com/v1/chat/completions'))).statusCode).toBe(200);
    expect((await put(genhybrid('https://models.example/v1', null))).statusCode).toBe(200);
  });

  it('is refused (400, nothing stored) for an origin the key is not allowed, or a key MODEL_ENDPOINTS does not name', async () => {
    await put(genhybrid(`${ALLOWED}/v1/chat/completions`));
    for (const [url, keyEnv] of [
      ['https://listener.example/v1/chat/completions', KEY],
      // Same host, another scheme or port: another origin.
      ['http://api.openai.com/v1/chat/completions', KEY],
      ['https://api.openai.com:8443/v1', KEY],
      // LOCAL's origin is not OPENAI's.
      ['http://10.0.0.5:8000/v1', KEY],
      [`${ALLOWED}/v1`, 'MODEL_API_KEY_UNLISTED'],
    ] as const) {
      expectError(await put(genhybrid(url, keyEnv)), 400, modelEndpointRefused(keyEnv));
    }
    expect(await storedConfig()).toEqual(genhybrid(`${ALLOWED}/v1/chat/completions`));
  });

  it('in an imported archive is refused before anything is written; so is a clone of a project that stored one earlier', async () => {
    const archive = { ...emptyArchive(), project: { ...emptyArchive().project, pipeline_config: genhybrid('https://listener.example/v1') } };
    const { payload, headers } = multipartForm([{ name: 'file', filename: 'archive.json', content: JSON.stringify(archive) }]);
    const before = await countRows(app, projects);
    const imported = await app.inject({
      method: 'POST',
      url: `/api/v1/workspace/${tree.workspace.id}/project/import`,
      payload,
      headers: { ...headers, authorization: `Bearer ${editor.token}` },
    });
    expectError(imported, 400, modelEndpointRefused(KEY));

    // Stored before the operator allowed only other origins.
    await app.ctx.db.update(projects).set({ pipelineConfig: genhybrid('https://listener.example/v1') }).where(eq(projects.id, tree.project.id));
    expectError(await call(app, 'POST', `/api/v1/project/${tree.project.id}/clone`, editor.token, {}), 400, modelEndpointRefused(KEY));
    expect(await countRows(app, projects)).toBe(before);
  });
});
