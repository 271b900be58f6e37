import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_HANDOFF_MESSAGE,
  HANDOFF_MESSAGE_MAX,
  kbFromPlainText,
  type ChatAnswer,
  type ConversationRecord,
  type EventRecord,
  type ListResponse,
  type Project,
  type ProjectSummary,
  type Summary,
} from '@console/contracts';
import { projects } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, insertItems, productItems, sync } from './assistant-fixtures';

/**
 * A visitor who asks for a person: answered with the project's handoff message (response_type
 * 'handoff'), counted on the dashboard and found by the conversation list's and the query log's
 * response_type filter; the message is a project setting, carried by a clone.
 */

const SHOP = 'https://shop.example';
let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let shop: Awaited<ReturnType<typeof createWorkspaceTree>> & { key: string };

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  editor = await createSignedInUser(app);
  const tree = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
  // Recognition needs no sentence vectors: the rule reads the words, so the test stays light.
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, tree.project.id));
  await insertItems(app, tree.project.id, productItems);
  await allowOrigins(app, editor.token, tree.project.id, tree.deployment.id, [SHOP]);
  await sync(app, editor.token, tree.project.id);
  shop = { ...tree, key: (await deploy(app, editor.token, tree.project.id, tree.deployment.id)).key };
});

const settingsOf = (projectId = shop.project.id) => call(app, 'GET', `/api/v1/project/${projectId}`, editor.token);
const updateSettings = (body: Record<string, unknown>) => call(app, 'PUT', `/api/v1/project/${shop.project.id}`, editor.token, body);

async function chat(utterance: string, convId?: string): Promise<ChatAnswer> {
  const response = await ask(app, shop.key, convId ? { utterance, conv_id: convId } : { utterance }, SHOP);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatAnswer>();
}

async function read<T>(path: string, params: Record<string, string | number> = {}): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]): [string, string] => [name, String(value)])).toString();
  const response = await call(app, 'GET', `/api/v1/project/${shop.project.id}${path}${query ? `?${query}` : ''}`, editor.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('a request for a person', () => {
  it('is answered with the handoff message, the new one only after sync and deploy, counted and filterable', async () => {
    const first = await chat('I want to speak to a human');
    expect(first).toMatchObject({ response_type: 'handoff', content_id: null, reporting_id: null, actions: [] });
    expect(first.response).toEqual(kbFromPlainText(DEFAULT_HANDOFF_MESSAGE));
    // The conversation goes on with a question the content answers, then asks again.
    expect((await chat('When are you open?', first.conv_id)).response_type).toBe('content');

    const message = 'Write to help@shop.example or see https://shop.example/contact.';
    expect((await updateSettings({ handoff_message: message })).statusCode).toBe(200);
    expect((await chat('real person please', first.conv_id)).response).toEqual(kbFromPlainText(DEFAULT_HANDOFF_MESSAGE));
    await sync(app, editor.token, shop.project.id);
    await deploy(app, editor.token, shop.project.id, shop.deployment.id);
    const changed = await chat('could I talk to someone');
    expect(changed).toMatchObject({ response_type: 'handoff', response: kbFromPlainText(message, { links: true }) });
    // Where to go is a link the visitor follows, not text to copy.
    expect(changed.response.children[0]).toMatchObject({ children: expect.arrayContaining([{ type: 'hierarchy_link', value: 'help@shop.example', url: 'mailto:help@shop.example', target: 'new_tab' }]) });

    expect(await read<Summary>('/summary')).toMatchObject({ request_count: 4, response_count: 4, handoff_count: 3, oos_count: 0 });

    const conversations = await read<ListResponse<ConversationRecord>>('/conv', { response_type__eq: 'handoff' });
    expect(conversations.records.map((record) => record.conv_id).sort()).toEqual([first.conv_id, changed.conv_id].sort());
    expect(conversations.total).toBe(2);
    expect((await read<ListResponse<ConversationRecord>>('/conv', { response_type__neq: 'handoff' })).total).toBe(0);

    const log = await read<ListResponse<EventRecord>>('/query', { response_type__eq: 'handoff', limit: 100 });
    expect(log.total).toBe(3);
    expect(log.records.map((record) => [record.data_type, record.response_type])).toEqual(Array(3).fill(['response', 'handoff']));
    // The stored trace says why: the rule and the words it matched.
    const { trace } = log.records.find((record) => record.conv_id === changed.conv_id)!.data as { trace: { stage: string; data: Record<string, unknown> }[] };
    expect(trace.find((step) => step.stage === 'classify')!.data).toMatchObject({
      decision: 'handoff',
      handoff: { by: 'rule', rule: 'contact', words: 'talk to someone' },
    });
  });

  it('is not recognised once the project turns recognition off', async () => {
    expect((await updateSettings({ pipeline_config: { understanding: 'lexical', handoff_examples: [] } })).statusCode).toBe(200);
    await sync(app, editor.token, shop.project.id);
    await deploy(app, editor.token, shop.project.id, shop.deployment.id);
    expect((await chat('I want to speak to a human')).response_type).toBe('oos');
    expect((await updateSettings({ pipeline_config: { understanding: 'lexical' } })).statusCode).toBe(200);
  });
});

describe('the handoff message setting', () => {
  it('is read and written with the other settings, up to 2048 characters, empty allowed', async () => {
    const fresh = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
    expect((await settingsOf(fresh.project.id)).json<Project>().handoff_message).toBe(DEFAULT_HANDOFF_MESSAGE);

    const longest = 'x'.repeat(HANDOFF_MESSAGE_MAX);
    const saved = await updateSettings({ handoff_message: longest });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Project>().handoff_message).toBe(longest);
    expect((await settingsOf()).json<Project>().handoff_message).toBe(longest);
    expectError(await updateSettings({ handoff_message: `${longest}x` }), 400, 'Handoff Message must be at most 2048 characters');
    expect((await updateSettings({ handoff_message: '' })).json<Project>().handoff_message).toBe('');
  });

  it('refuses handoff examples that are not a bounded list of texts', async () => {
    expectError(
      await updateSettings({ pipeline_config: { handoff_examples: 'talk to a human' } }),
      400,
      'Pipeline Config handoff_examples must be a list of texts of 1 to 256 characters',
    );
    expectError(await updateSettings({ pipeline_config: { handoff_examples: [''] } }), 400);
    expectError(await updateSettings({ pipeline_config: { handoff_examples: ['x'.repeat(257)] } }), 400);
    expectError(
      await updateSettings({ pipeline_config: { handoff_examples: Array.from({ length: 101 }, (_, i) => `ask for person ${i}`) } }),
      400,
      'Pipeline Config handoff_examples must hold at most 100 examples',
    );
    expect((await updateSettings({ pipeline_config: { understanding: 'lexical', handoff_examples: ['fetch the owner'] } })).statusCode).toBe(200);
    expect((await updateSettings({ pipeline_config: { understanding: 'lexical' } })).statusCode).toBe(200);
  });

  it('goes with a clone', async () => {
    expect((await updateSettings({ handoff_message: 'Mail us at help@shop.example.' })).statusCode).toBe(200);
    const cloned = await call(app, 'POST', `/api/v1/project/${shop.project.id}/clone`, editor.token, {});
    expect(cloned.statusCode, cloned.body).toBe(201);
    expect((await settingsOf(cloned.json<ProjectSummary>().id)).json<Project>().handoff_message).toBe('Mail us at help@shop.example.');
  });
});
