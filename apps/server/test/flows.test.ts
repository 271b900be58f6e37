import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  messages,
  scenarioMessages,
  sequenceMessages,
  SLOT_MAX_ATTEMPTS,
  slotMessages,
  type ListResponse,
  type Scenario,
  type Sequence,
  type SequenceAttributeInput,
} from '@console/contracts';
import { scenarios, sequences } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

/**
 * Sequences (node-based flows naming the project's slots and intents) and scenarios (the project's
 * sequences joined by transitions) through their API: what each role may do, every validation
 * message of the builder's save, and that no save can name another project's records.
 */

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let admin: SignedIn;
let editor: SignedIn;
let viewer: SignedIn;
let outsider: SignedIn;
let elsewhere: string;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  [admin, editor, viewer, outsider] = await Promise.all([createSignedInUser(app), createSignedInUser(app), createSignedInUser(app), createSignedInUser(app)]);
  elsewhere = (await createWorkspaceTree(app, [{ user: outsider.user, role: 'admin' }], 'Elsewhere')).project.id;
});

/** A project where admin, editor and viewer hold their roles, with one intent and one slot. */
async function freshProject() {
  const tree = await createWorkspaceTree(app, [
    { user: admin.user, role: 'admin' },
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  const projectId = tree.project.id;
  return { projectId, ...(await recordsOf(projectId, editor.token)) };
}

/** An intent and a slot created in the project by the caller. */
async function recordsOf(projectId: string, token: string) {
  const intent = await call(app, 'POST', `/api/v1/project/${projectId}/intent`, token, { intent: 'order status', utterances: ['where is my order'] });
  const slot = await call(app, 'POST', `/api/v1/project/${projectId}/slot`, token, { name: 'order number', terms: ['order number'] });
  expect([intent.statusCode, slot.statusCode]).toEqual([201, 201]);
  return { intentId: intent.json<{ id: string }>().id, slotId: slot.json<{ id: string }>().id };
}

const sequenceUrl = (id: string) => `/api/v1/sequence/${id}`;
const scenarioUrl = (id: string) => `/api/v1/scenario/${id}`;

async function createdSequence(projectId: string, name = 'Order status', token = editor.token): Promise<Sequence> {
  const response = await call(app, 'POST', `/api/v1/project/${projectId}/sequence`, token, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Sequence>();
}

async function createdScenario(projectId: string, displayName = 'Orders', token = editor.token): Promise<Scenario> {
  const response = await call(app, 'POST', `/api/v1/project/${projectId}/scenario`, token, { display_name: displayName });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Scenario>();
}

const node = (name: string, attributes: SequenceAttributeInput[] = [], id: string = randomUUID()) => ({ id, name, attributes });
const flow = (nodes: ReturnType<typeof node>[], transitions: { id: string; source: string; target: string }[] = []) => ({ nodes, transitions });
const join = (source: { id: string }, target: { id: string }) => ({ id: randomUUID(), source: source.id, target: target.id });

const storedSequence = (id: string) => app.ctx.db.select().from(sequences).where(eq(sequences.id, id)).then((rows) => rows[0]);
const storedScenario = (id: string) => app.ctx.db.select().from(scenarios).where(eq(scenarios.id, id)).then((rows) => rows[0]);

describe('sequences', () => {
  it('creates an empty sequence, saves its flow from the builder, keeps what a save leaves out, and deletes it', async () => {
    const { projectId, intentId, slotId } = await freshProject();
    const created = await createdSequence(projectId, '  Order status  ');
    expect(created).toMatchObject({ project_id: projectId, name: 'Order status', nodes: [], transitions: [] });
    expect((await call(app, 'GET', sequenceUrl(created.id), viewer.token)).json()).toEqual(created);

    const start = node(' Start ', [{ type: 'entry_intents', intents: [intentId, intentId.toUpperCase()] }]);
    const ask = node('Ask', [
      { type: 'collect_slots', slots: [{ slot_id: slotId, prompt: 'Which order?' }] },
      { type: 'business_logic', url: 'https://shop.example/orders', configuration: { method: 'POST' } },
    ]);
    const saved = await call(app, 'PUT', sequenceUrl(created.id), editor.token, { name: 'Where is my order', ...flow([start, ask], [join(start, ask)]) });
    expect(saved.statusCode, saved.body).toBe(200);
    const sequence = saved.json<Sequence>();
    expect(sequence).toMatchObject({ id: created.id, name: 'Where is my order', created_at: created.created_at });
    // Names trimmed; an intent named twice (in any case) kept once; a node's unset position, re-prompt and attempts at their defaults (the slot's).
    expect(sequence.nodes).toEqual([
      { id: start.id, name: 'Start', position: { x: 0, y: 0 }, attributes: [{ type: 'entry_intents', intents: [intentId] }] },
      {
        id: ask.id,
        name: 'Ask',
        position: { x: 0, y: 0 },
        attributes: [
          { type: 'collect_slots', slots: [{ slot_id: slotId, prompt: 'Which order?', reprompt: '', max_attempts: null }] },
          { type: 'business_logic', url: 'https://shop.example/orders', configuration: { method: 'POST' } },
        ],
      },
    ]);
    expect(sequence.transitions).toHaveLength(1);
    expect(await storedSequence(created.id)).toMatchObject({ name: 'Where is my order', nodes: sequence.nodes, transitions: sequence.transitions });

    // A rename keeps the flow; a flow saved without a name keeps the name.
    const renamed = await call(app, 'PUT', sequenceUrl(created.id), editor.token, { name: 'Order lookup' });
    expect(renamed.json<Sequence>()).toMatchObject({ name: 'Order lookup', nodes: sequence.nodes, transitions: sequence.transitions });
    const emptied = await call(app, 'PUT', sequenceUrl(created.id), admin.token, flow([]));
    expect(emptied.json<Sequence>()).toMatchObject({ name: 'Order lookup', nodes: [], transitions: [] });

    expect((await call(app, 'DELETE', sequenceUrl(created.id), admin.token)).statusCode).toBe(204);
    expect(await storedSequence(created.id)).toBeUndefined();
    expectError(await call(app, 'GET', sequenceUrl(created.id), admin.token), 404);
    expectError(await call(app, 'DELETE', sequenceUrl(created.id), admin.token), 404);
  });

  it('reads a flow saved before re-prompts and attempts with their defaults (the slot’s), and saves a node’s own', async () => {
    const { projectId, slotId } = await freshProject();
    // As a save before typed slots stored it: a collected slot with its prompt alone.
    const legacy = { id: randomUUID(), name: 'Ask', position: { x: 0, y: 0 }, attributes: [{ type: 'collect_slots', slots: [{ slot_id: slotId, prompt: 'Which order?' }] }] };
    const [row] = await app.ctx.db
      .insert(sequences)
      .values({ projectId, name: 'Before re-prompts', nodes: [legacy] as unknown as Sequence['nodes'], transitions: [] })
      .returning();
    const asked = { slot_id: slotId, prompt: 'Which order?', reprompt: '', max_attempts: null };
    const read = await call(app, 'GET', sequenceUrl(row!.id), viewer.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Sequence>().nodes[0]!.attributes).toEqual([{ type: 'collect_slots', slots: [asked] }]);
    expect((await call(app, 'GET', `/api/v1/project/${projectId}/sequence`, viewer.token)).statusCode).toBe(200);

    const own = { ...asked, reprompt: ' An order number has five digits. ', max_attempts: 4 };
    const saved = await call(app, 'PUT', sequenceUrl(row!.id), editor.token, flow([{ ...legacy, attributes: [{ type: 'collect_slots', slots: [own] }] }]));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Sequence>().nodes[0]!.attributes).toEqual([{ type: 'collect_slots', slots: [{ ...own, reprompt: 'An order number has five digits.' }] }]);
    for (const [max_attempts, detail] of [[0, slotMessages.maxAttempts], [SLOT_MAX_ATTEMPTS + 1, slotMessages.maxAttempts], [1.5, slotMessages.maxAttempts]] as const) {
      const refused = await call(app, 'PUT', sequenceUrl(row!.id), editor.token, flow([{ ...legacy, attributes: [{ type: 'collect_slots', slots: [{ ...own, max_attempts }] }] }]));
      expectError(refused, 400, detail);
    }
    expect((await storedSequence(row!.id))!.nodes[0]!.attributes).toEqual(saved.json<Sequence>().nodes[0]!.attributes);
  });

  it("lists a project's sequences with paging, sorting and filters", async () => {
    const { projectId } = await freshProject();
    const other = await freshProject();
    await createdSequence(other.projectId, 'Not here');
    for (const name of ['Returns', 'order status', 'Cancel order']) await createdSequence(projectId, name);
    const page = async (query: string) => {
      const response = await call(app, 'GET', `/api/v1/project/${projectId}/sequence${query}`, viewer.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListResponse<Sequence>>();
    };
    const all = await page('?sort_field=name&sort_direction=ascending');
    expect([all.total, all.records.map((record) => record.name)]).toEqual([3, ['Cancel order', 'order status', 'Returns']]);
    expect((await page('?sort_field=name&sort_direction=ascending&limit=1&offset=1')).records.map((record) => record.name)).toEqual(['order status']);
    expect((await page('?name__like=ORDER')).total).toBe(2);
  });

  it('refuses invalid names and flows with the spec messages and writes nothing', async () => {
    const { projectId, intentId, slotId } = await freshProject();
    const long = (n: number) => 'x'.repeat(n);
    const create = (body: unknown) => call(app, 'POST', `/api/v1/project/${projectId}/sequence`, editor.token, body);
    expectError(await create({ name: '' }), 400, messages.atLeastChars('Name', 1));
    expectError(await create({ name: '   ' }), 400, messages.atLeastChars('Name', 1));
    expectError(await create({}), 400, messages.atLeastChars('Name', 1));
    expectError(await create({ name: long(65) }), 400, messages.atMostChars('Name', 64));
    expect((await create({ name: long(64) })).statusCode).toBe(201);

    const sequence = await createdSequence(projectId);
    const before = await storedSequence(sequence.id);
    const save = (body: unknown) => call(app, 'PUT', sequenceUrl(sequence.id), editor.token, body);
    // An update takes names up to 255 characters.
    expectError(await save({ name: long(256) }), 400, messages.atMostChars('Name', 255));
    expectError(await save({ name: '' }), 400, messages.atLeastChars('Name', 1));
    expectError(await save({}), 400, messages.noFieldToUpdate);

    const collect: SequenceAttributeInput = { type: 'collect_slots', slots: [{ slot_id: slotId }] };
    const entry: SequenceAttributeInput = { type: 'entry_intents', intents: [intentId] };
    const followUp: SequenceAttributeInput = { type: 'follow_up_intents', intents: [intentId] };
    const logic: SequenceAttributeInput = { type: 'business_logic', url: 'https://shop.example/orders' };
    const withAttributes = (...attributes: unknown[]) => flow([node('Ask', attributes as SequenceAttributeInput[])]);
    const cases: [unknown, string][] = [
      [flow([node(long(256))]), messages.atMostChars('Node name', 255)],
      [flow([node('Ask'), node(' ask ')]), sequenceMessages.duplicateNodeName('Ask')],
      [withAttributes(collect, entry, followUp, logic, logic), sequenceMessages.tooManyAttributes],
      [withAttributes(entry, collect, entry), sequenceMessages.attributeTwice('entry_intents')],
      [withAttributes({ type: 'business_logic' }), sequenceMessages.invalidUrl],
      [withAttributes({ type: 'business_logic', url: '' }), sequenceMessages.invalidUrl],
      [withAttributes({ type: 'business_logic', url: 'ftp://shop.example/orders' }), sequenceMessages.invalidUrl],
      [withAttributes({ type: 'business_logic', url: 'not a url' }), sequenceMessages.invalidUrl],
      [withAttributes({ type: 'business_logic', url: 'http://' }), sequenceMessages.invalidUrl],
      [withAttributes({ type: 'collect_slots', slots: [] }), messages.atLeastOneSelection('Slots')],
      [withAttributes({ type: 'collect_slots' }), messages.atLeastOneSelection('Slots')],
      [withAttributes({ type: 'entry_intents', intents: [] }), messages.atLeastOneSelection('Intents')],
      [withAttributes({ type: 'follow_up_intents' }), messages.atLeastOneSelection('Intents')],
      [{ nodes: [node('Ask')] }, 'Nodes and transitions are saved together'],
    ];
    for (const [body, detail] of cases) expectError(await save(body), 400, detail);
    expect(await storedSequence(sequence.id)).toEqual(before);

    // The limits' edges pass: a name of 255, an unnamed node beside another, four attributes of four types.
    const edge = await save({ name: long(255), ...flow([node(long(255), [collect, entry, followUp, logic]), node(''), node('')]) });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it("refuses a flow naming a slot or an intent that is not the project's, and writes nothing", async () => {
    const { projectId, intentId, slotId } = await freshProject();
    const sibling = await freshProject();
    const foreign = await recordsOf(elsewhere, outsider.token);
    const sequence = await createdSequence(projectId);
    const before = await storedSequence(sequence.id);
    const save = (attributes: SequenceAttributeInput[]) => call(app, 'PUT', sequenceUrl(sequence.id), editor.token, flow([node('Ask', attributes)]));
    const collect = (id: string): SequenceAttributeInput => ({ type: 'collect_slots', slots: [{ slot_id: slotId }, { slot_id: id }] });
    const follow = (id: string): SequenceAttributeInput => ({ type: 'follow_up_intents', intents: [intentId, id] });
    for (const id of [sibling.slotId, foreign.slotId, randomUUID(), intentId]) expectError(await save([collect(id)]), 400, sequenceMessages.unknownSlot);
    for (const id of [sibling.intentId, foreign.intentId, randomUUID(), slotId]) expectError(await save([follow(id)]), 400, sequenceMessages.unknownIntent);
    expect(await storedSequence(sequence.id)).toEqual(before);
  });

  it('lets readers read, editors and admins create and save, admins alone delete; hides other workspaces', async () => {
    const { projectId } = await freshProject();
    const sequence = await createdSequence(projectId);
    expectError(await call(app, 'POST', `/api/v1/project/${projectId}/sequence`, viewer.token, { name: 'Mine' }), 403);
    expectError(await call(app, 'PUT', sequenceUrl(sequence.id), viewer.token, { name: 'Mine' }), 403);
    expectError(await call(app, 'DELETE', sequenceUrl(sequence.id), editor.token), 403);
    expect((await call(app, 'PUT', sequenceUrl(sequence.id), admin.token, { name: 'Admin saved' })).statusCode).toBe(200);

    // Another workspace's caller learns nothing; nor does a caller naming another workspace's record.
    for (const [method, url] of [['GET', sequenceUrl(sequence.id)], ['PUT', sequenceUrl(sequence.id)], ['DELETE', sequenceUrl(sequence.id)]] as const) {
      expectError(await call(app, method, url, outsider.token, method === 'PUT' ? { name: 'Taken over' } : undefined), 404);
    }
    expectError(await call(app, 'GET', `/api/v1/project/${projectId}/sequence`, outsider.token), 404);
    const theirs = await createdSequence(elsewhere, 'Theirs', outsider.token);
    expectError(await call(app, 'GET', sequenceUrl(theirs.id), editor.token), 404);
    expectError(await call(app, 'PUT', sequenceUrl(theirs.id), admin.token, { name: 'Mine now' }), 404);
    expectError(await call(app, 'GET', sequenceUrl(randomUUID()), admin.token), 404);
    expect((await storedSequence(sequence.id))?.name).toBe('Admin saved');
    expect((await storedSequence(theirs.id))?.name).toBe('Theirs');
  });
});

describe('scenarios', () => {
  it('creates a draft, changes its name, status, mode and sequences apart, and deletes it', async () => {
    const { projectId } = await freshProject();
    const created = await createdScenario(projectId, '  Orders  ');
    expect(created).toMatchObject({
      scenario: { project_id: projectId, display_name: 'Orders', status: 'draft', combination: 'any-all' },
      nodes: [],
      transitions: [],
    });
    expect((await call(app, 'GET', scenarioUrl(created.scenario.id), viewer.token)).json()).toEqual(created);
    const active = await call(app, 'POST', `/api/v1/project/${projectId}/scenario`, editor.token, { display_name: 'Returns', status: 'active' });
    expect(active.json<Scenario>().scenario.status).toBe('active');

    const lookup = await createdSequence(projectId, 'Lookup');
    const answer = await createdSequence(projectId, 'Answer');
    const first = { id: randomUUID(), sequence_id: lookup.id.toUpperCase(), position: { x: 10, y: 20 } };
    const second = { id: randomUUID(), sequence_id: answer.id };
    const saved = await call(app, 'PUT', scenarioUrl(created.scenario.id), editor.token, { nodes: [first, second], transitions: [join(first, second)] });
    expect(saved.statusCode, saved.body).toBe(200);
    const scenario = saved.json<Scenario>();
    expect(scenario.scenario).toMatchObject({ id: created.scenario.id, display_name: 'Orders', status: 'draft', created_at: created.scenario.created_at });
    expect(scenario.nodes).toEqual([
      { ...first, sequence_id: lookup.id },
      { ...second, position: { x: 0, y: 0 } },
    ]);

    // The fields left out are kept.
    const changed = await call(app, 'PUT', scenarioUrl(created.scenario.id), editor.token, { display_name: 'Order help', status: 'active', combination: 'one-all' });
    expect(changed.json<Scenario>()).toEqual({
      scenario: { ...scenario.scenario, display_name: 'Order help', status: 'active', combination: 'one-all', updated_at: expect.any(String) },
      nodes: scenario.nodes,
      transitions: scenario.transitions,
    });

    const listed = await call(app, 'GET', `/api/v1/project/${projectId}/scenario?sort_field=display_name&sort_direction=ascending`, viewer.token);
    expect(listed.json<ListResponse<Scenario>>()).toEqual({ records: [changed.json(), active.json()], total: 2 });
    expect((await call(app, 'GET', `/api/v1/project/${projectId}/scenario?status__eq=draft`, viewer.token)).json<ListResponse<Scenario>>().total).toBe(0);

    expect((await call(app, 'DELETE', scenarioUrl(created.scenario.id), admin.token)).statusCode).toBe(204);
    expect(await storedScenario(created.scenario.id)).toBeUndefined();
    expectError(await call(app, 'GET', scenarioUrl(created.scenario.id), admin.token), 404);
    // Its sequences stay.
    expect(await storedSequence(lookup.id)).toBeDefined();
  });

  it('refuses invalid names, taken names in any case, and invalid graphs, and writes nothing', async () => {
    const { projectId } = await freshProject();
    const long = (n: number) => 'x'.repeat(n);
    const create = (body: unknown) => call(app, 'POST', `/api/v1/project/${projectId}/scenario`, editor.token, body);
    expectError(await create({ display_name: 'ab' }), 400, messages.atLeastChars('Name', 3));
    expectError(await create({ display_name: '  ab  ' }), 400, messages.atLeastChars('Name', 3));
    expectError(await create({}), 400, messages.atLeastChars('Name', 3));
    expectError(await create({ display_name: long(129) }), 400, messages.atMostChars('Name', 128));
    expectError(await create({ display_name: 'Valid', status: 'paused' }), 400, messages.oneOf('Status', ['active', 'draft']));
    expect((await create({ display_name: long(128) })).statusCode).toBe(201);
    const scenario = await createdScenario(projectId, 'Orders');
    expectError(await create({ display_name: 'ORDERS' }), 409, scenarioMessages.nameTaken);
    // The same name in another project is free.
    await createdScenario((await freshProject()).projectId, 'Orders');

    const other = await createdScenario(projectId, 'Returns');
    const before = await storedScenario(other.scenario.id);
    const save = (body: unknown) => call(app, 'PUT', scenarioUrl(other.scenario.id), editor.token, body);
    expectError(await save({ display_name: ' orders ' }), 409, scenarioMessages.nameTaken);
    expectError(await save({ display_name: 'ab' }), 400, messages.atLeastChars('Name', 3));
    expectError(await save({ combination: 'all-any' }), 400, messages.oneOf('Combination mode', ['any-all', 'any-any', 'one-all']));
    expectError(await save({}), 400, messages.noFieldToUpdate);
    const sequence = await createdSequence(projectId);
    const a = { id: randomUUID(), sequence_id: sequence.id };
    const b = { id: randomUUID(), sequence_id: sequence.id };
    expectError(await save({ nodes: [a, b], transitions: [] }), 400, scenarioMessages.sequenceTwice);
    expectError(await save({ nodes: [a], transitions: [{ id: randomUUID(), source: a.id, target: randomUUID() }] }), 400, sequenceMessages.unknownNode);
    expectError(await save({ nodes: [a], transitions: [join(a, a)] }), 400, sequenceMessages.selfTransition);
    expectError(await save({ nodes: [a] }), 400, 'Nodes and transitions are saved together');
    expect(await storedScenario(other.scenario.id)).toEqual(before);
    expect((await storedScenario(scenario.scenario.id))?.displayName).toBe('Orders');
  });

  it("refuses a sequence that is not the project's, and writes nothing", async () => {
    const { projectId } = await freshProject();
    const scenario = await createdScenario(projectId);
    const own = await createdSequence(projectId);
    const sibling = await createdSequence((await freshProject()).projectId);
    const foreign = await createdSequence(elsewhere, 'Theirs', outsider.token);
    const before = await storedScenario(scenario.scenario.id);
    for (const id of [sibling.id, foreign.id, randomUUID(), scenario.scenario.id]) {
      const nodes = [{ id: randomUUID(), sequence_id: own.id }, { id: randomUUID(), sequence_id: id }];
      expectError(await call(app, 'PUT', scenarioUrl(scenario.scenario.id), editor.token, { nodes, transitions: [] }), 400, scenarioMessages.unknownSequence);
    }
    expect(await storedScenario(scenario.scenario.id)).toEqual(before);
  });

  it('loses a deleted sequence: its nodes and the transitions that joined them go, in every scenario that used it', async () => {
    const { projectId } = await freshProject();
    const [lookup, answer, survey] = [await createdSequence(projectId, 'Lookup'), await createdSequence(projectId, 'Answer'), await createdSequence(projectId, 'Survey')];
    const nodes = [lookup, answer, survey].map((sequence) => ({ id: randomUUID(), sequence_id: sequence.id, position: { x: 0, y: 0 } }));
    const [first, second, third] = nodes as [(typeof nodes)[number], (typeof nodes)[number], (typeof nodes)[number]];
    const transitions = [join(first, second), join(second, third), join(first, third)];
    const using = [await createdScenario(projectId, 'Orders'), await createdScenario(projectId, 'Returns')];
    for (const scenario of using) {
      expect((await call(app, 'PUT', scenarioUrl(scenario.scenario.id), editor.token, { nodes, transitions })).statusCode).toBe(200);
    }
    const untouched = await createdScenario(projectId, 'Greetings');

    // The id in the path in upper case: the scenarios still lose the sequence.
    expect((await call(app, 'DELETE', sequenceUrl(answer.id.toUpperCase()), admin.token)).statusCode).toBe(204);
    for (const scenario of using) {
      const after = (await call(app, 'GET', scenarioUrl(scenario.scenario.id), viewer.token)).json<Scenario>();
      expect(after.nodes).toEqual([first, third]);
      expect(after.transitions).toEqual([transitions[2]]);
    }
    expect((await call(app, 'GET', scenarioUrl(untouched.scenario.id), viewer.token)).json()).toEqual(untouched);
  });

  it('lets readers read, editors and admins create and save, admins alone delete; hides other workspaces', async () => {
    const { projectId } = await freshProject();
    const scenario = await createdScenario(projectId);
    expectError(await call(app, 'POST', `/api/v1/project/${projectId}/scenario`, viewer.token, { display_name: 'Mine' }), 403);
    expectError(await call(app, 'PUT', scenarioUrl(scenario.scenario.id), viewer.token, { status: 'active' }), 403);
    expectError(await call(app, 'DELETE', scenarioUrl(scenario.scenario.id), editor.token), 403);
    for (const [method, url] of [['GET', scenarioUrl(scenario.scenario.id)], ['PUT', scenarioUrl(scenario.scenario.id)], ['DELETE', scenarioUrl(scenario.scenario.id)]] as const) {
      expectError(await call(app, method, url, outsider.token, method === 'PUT' ? { status: 'active' } : undefined), 404);
    }
    const theirs = await createdScenario(elsewhere, 'Theirs', outsider.token);
    expectError(await call(app, 'GET', scenarioUrl(theirs.scenario.id), admin.token), 404);
    expectError(await call(app, 'DELETE', scenarioUrl(theirs.scenario.id), admin.token), 404);
    expectError(await call(app, 'PUT', scenarioUrl(randomUUID()), admin.token, { status: 'active' }), 404);
    expect(await storedScenario(scenario.scenario.id)).toMatchObject({ status: 'draft' });
    expect(await storedScenario(theirs.scenario.id)).toBeDefined();
  });
});
