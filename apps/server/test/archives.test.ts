import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, exists, inArray, isNotNull } from 'drizzle-orm';
import {
  ARCHIVE_MAX_BYTES,
  archiveFileName,
  archiveMessages,
  cloneName,
  MAX_PAGE_SIZE,
  messages,
  projectArchiveSchema,
  sequenceMessages,
  sequenceReferences,
  type Content,
  type ProjectSummary,
  type Scenario,
  type Sequence,
  type Source,
  type SourcePull,
} from '@console/contracts';
import {
  contentActions,
  contents,
  contentUtterances,
  deployments,
  intents,
  projectMemberships,
  projects,
  scenarios,
  sequences,
  slots,
  sources,
  workspaces,
} from '../src/db/schema/index';
import { IMPORT_ABANDONED_AFTER_MS, removeImportsLeftAtStartUp } from '../src/modules/archive/abandoned-imports';
import { archiveServiceMessages } from '../src/modules/archive/service';
import { uploadMessages } from '../src/modules/archive/upload';
import { emptyArchive, multipartForm, type FormPart } from './authorization/rows-project';
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
type ArchiveJson = Record<string, unknown> & {
  exported_at: string;
  project: Record<string, unknown>;
  sources: ({ id: string } & Record<string, unknown>)[];
  contents: ({ id: string; source_id: string | null } & Record<string, unknown>)[];
  intents: Record<string, unknown>[];
  slots: Record<string, unknown>[];
  sequences: ({ id: string } & Record<string, unknown>)[];
  scenarios: ({ nodes: { sequence_id: string }[] } & Record<string, unknown>)[];
};

let app: FastifyInstance;
let clock: TestClock;
let author: SignedIn;
let viewer: SignedIn;
let outsider: SignedIn;
let home: Awaited<ReturnType<typeof createWorkspaceTree>>;
let away: Awaited<ReturnType<typeof createWorkspaceTree>>;

beforeAll(async () => {
  clock = createClock();
  app = await createTestApp(await openTestDatabase(), { clock });
  [author, viewer, outsider] = await Promise.all([createSignedInUser(app), createSignedInUser(app), createSignedInUser(app)]);
  home = await createWorkspaceTree(app, [{ user: author.user, role: 'admin' }, { user: viewer.user, role: 'viewer' }], 'Home');
  away = await createWorkspaceTree(app, [{ user: author.user, role: 'admin' }, { user: viewer.user, role: 'viewer' }], 'Away');
  await createWorkspaceTree(app, [{ user: outsider.user, role: 'admin' }], 'Elsewhere');
});

/** Every write moves the clock on, so records have distinct timestamps and a stable order. */
async function write(method: 'POST' | 'PUT', url: string, body: unknown, status: number) {
  clock.advance(1000);
  const response = await call(app, method, `/api/v1${url}`, author.token, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response;
}

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });

const handbook = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Shipping')] },
    paragraph(text('We ship within '), text('two days', [{ type: 'bold' }]), text('.')),
    { type: 'heading', attrs: { level: 1 }, content: [text('Returns')] },
    paragraph(text('Send it back within 30 days via the '), text('portal', [{ type: 'link', attrs: { href: 'https://example.com/returns', target: '_blank' } }])),
  ],
};

const richResponse = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Refunds')] },
    paragraph(
      text('Refunds arrive in '),
      text('five days', [{ type: 'bold' }, { type: 'italic' }]),
      text('; see '),
      text('our policy', [{ type: 'link', attrs: { href: 'https://example.com/refunds', target: '_blank' } }]),
      text(' or '),
      text('mail us', [{ type: 'link', attrs: { href: 'mailto:help@example.com', target: null } }]),
      text('.'),
    ),
    { type: 'image', attrs: { src: 'https://example.com/parcel.png', alt: 'A parcel', title: 'Parcel' } },
    { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('Unused items'))] }, { type: 'listItem', content: [paragraph(text('With receipt'))] }] },
    { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph(text('Pack it'))] }] },
    { type: 'horizontalRule' },
    {
      type: 'actions',
      attrs: {
        actions: [
          { type: 'query', label: 'Returns', utterance: 'How do I return an item?' },
          { type: 'event', label: 'Talk to us', event: 'handover' },
        ],
      },
    },
    { type: 'cutoff' },
    paragraph(text('Fine print.')),
  ],
};

const csv = 'subject,response,utterances\r\n"Opening hours","We open at 9, close at 5.","When do you open? | Are you open on Sunday?"\r\nParking,"Free parking, ""level 2"".",Where can I park?\r\n';

async function pull(sourceId: string) {
  const started = (await write('POST', `/source/${sourceId}/pull`, undefined, 202)).json<SourcePull>();
  for (let attempt = 0; attempt < 500; attempt++) {
    const state = (await call(app, 'GET', `/api/v1/source/${sourceId}/pull/${started.id}`, author.token)).json<SourcePull>();
    if (state.status !== 'running') {
      expect(state.status, state.error ?? '').toBe('succeeded');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`pull of ${sourceId} did not finish`);
}

/**
 * A project holding every entity kind, built through the API: settings and jargon, a rich_editor
 * source (document, KB, pulled items with source keys), a pipeline source (config, pulled CSV
 * items), a content item with a rich response, utterances and actions, an inactive item, intents
 * and slots, two sequences naming them and a scenario joining the sequences.
 */
async function buildProject(workspaceId: string): Promise<string> {
  const project = (await write('POST', `/workspace/${workspaceId}/project`, { display_name: 'Knowledge Base', description: 'Everything' }, 201)).json<ProjectSummary>();
  const projectId = project.id;
  await write(
    'PUT',
    `/project/${projectId}`,
    {
      response_word_cutoff: 120,
      out_of_scope_response: 'Ask a person, please.',
      handoff_message: 'Mail help@kb.example.',
      pipeline_config: { model: 'small', thresholds: { rank: 0.3 } },
      jargon: { mappings: [{ keyword: 'refund', terms: ['money back', 'reimbursement'] }, { keyword: 'parcel', terms: ['package'] }] },
    },
    200,
  );

  const editorSource = (await write('POST', `/project/${projectId}/source`, { display_name: 'Handbook', type: 'rich_editor' }, 201)).json<Source>();
  await write('PUT', `/source/${editorSource.id}/config`, { config: { document: handbook } }, 200);
  await pull(editorSource.id);
  const pipelineSource = (await write('POST', `/project/${projectId}/source`, { display_name: 'Help CSV', type: 'pipeline' }, 201)).json<Source>();
  await write('PUT', `/source/${pipelineSource.id}/config`, { config: { inputs: [{ type: 'csv', text: csv }] } }, 200);
  await pull(pipelineSource.id);

  const item = (await write('POST', `/project/${projectId}/content`, { subject: 'Refunds' }, 201)).json<Content>();
  await write('PUT', `/content/${item.id}/response`, { response_pm: richResponse }, 200);
  for (const utterance of ['How do refunds work?', 'Where is my money?']) await write('POST', `/content/${item.id}/utterance`, { text: utterance }, 201);
  await write('POST', `/content/${item.id}/action`, { type: 'query', config: { label: 'Returns', utterance: 'How do I return an item?' } }, 201);
  await write('POST', `/content/${item.id}/action`, { type: 'event', config: { label: 'Agent', event: 'handover' } }, 201);
  const quiet = (await write('POST', `/project/${projectId}/content`, { subject: 'Old news', source_id: editorSource.id }, 201)).json<Content>();
  await write('PUT', `/content/${quiet.id}`, { subject: 'Old news', status: 'inactive' }, 200);

  const greeting = (await write('POST', `/project/${projectId}/intent`, { intent: 'greeting', utterances: ['hello', 'hi there'] }, 201)).json<{ id: string }>();
  await write('POST', `/project/${projectId}/intent`, { intent: 'farewell', utterances: ['bye'] }, 201);
  const colour = (await write('POST', `/project/${projectId}/slot`, { name: 'colour', terms: ['red', 'blue'] }, 201)).json<{ id: string }>();
  await buildFlows(projectId, greeting.id, colour.id);
  return projectId;
}

/** Two sequences naming the intent and the slot, and an active scenario joining them. */
async function buildFlows(projectId: string, intentId: string, slotId: string) {
  const lookup = (await write('POST', `/project/${projectId}/sequence`, { name: 'Lookup' }, 201)).json<Sequence>();
  const [start, ask] = [randomUUID(), randomUUID()];
  await write(
    'PUT',
    `/sequence/${lookup.id}`,
    {
      nodes: [
        { id: start, name: 'Start', position: { x: 5, y: 10 }, attributes: [{ type: 'entry_intents', intents: [intentId] }] },
        {
          id: ask,
          name: 'Ask',
          attributes: [
            { type: 'collect_slots', slots: [{ slot_id: slotId, prompt: 'Which colour?' }] },
            { type: 'follow_up_intents', intents: [intentId] },
            { type: 'business_logic', url: 'https://shop.example/orders', configuration: { method: 'POST' } },
          ],
        },
      ],
      transitions: [{ id: randomUUID(), source: start, target: ask }],
    },
    200,
  );
  const answer = (await write('POST', `/project/${projectId}/sequence`, { name: 'Answer' }, 201)).json<Sequence>();
  const scenario = (await write('POST', `/project/${projectId}/scenario`, { display_name: 'Orders', status: 'active' }, 201)).json<Scenario>();
  const [first, second] = [randomUUID(), randomUUID()];
  await write(
    'PUT',
    `/scenario/${scenario.scenario.id}`,
    {
      combination: 'one-all',
      nodes: [
        { id: first, sequence_id: lookup.id },
        { id: second, sequence_id: answer.id, position: { x: 200, y: 0 } },
      ],
      transitions: [{ id: randomUUID(), source: first, target: second }],
    },
    200,
  );
}

async function exportArchive(projectId: string, token = author.token): Promise<ArchiveJson> {
  const response = await call(app, 'GET', `/api/v1/project/${projectId}/archive`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ArchiveJson>();
}

function upload(workspaceId: string, parts: FormPart[], token = author.token) {
  const { payload, headers } = multipartForm(parts);
  return app.inject({ method: 'POST', url: `/api/v1/workspace/${workspaceId}/project/import`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}
const archiveFile = (content: unknown): FormPart => ({
  name: 'file',
  filename: 'archive.json',
  content: typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content),
});

/**
 * The copy equals the original except for ids (mapped one to one, every one new), exported_at and,
 * when given, the project name.
 */
function expectSameExceptIds(original: ArchiveJson, copy: ArchiveJson, copyName?: string) {
  const ids = new Map<string, string>();
  const pair = (from: { id: string }[], to: { id: string }[]) => {
    expect(to).toHaveLength(from.length);
    from.forEach((record, index) => ids.set(record.id, to[index]!.id));
  };
  pair(original.sources, copy.sources);
  pair(original.contents, copy.contents);
  pair(original.sequences, copy.sequences);
  for (const [before, after] of ids) expect(after).not.toBe(before);
  expect(new Set(ids.values()).size).toBe(ids.size);
  const mapped = {
    ...original,
    exported_at: copy.exported_at,
    project: { ...original.project, ...(copyName ? { display_name: copyName } : {}) },
    sources: original.sources.map((source) => ({ ...source, id: ids.get(source.id) })),
    contents: original.contents.map((content) => ({
      ...content,
      id: ids.get(content.id),
      source_id: content.source_id === null ? null : ids.get(content.source_id),
    })),
    sequences: original.sequences.map((sequence) => ({ ...sequence, id: ids.get(sequence.id) })),
    scenarios: original.scenarios.map((scenario) => ({
      ...scenario,
      nodes: scenario.nodes.map((node) => ({ ...node, sequence_id: ids.get(node.sequence_id) })),
    })),
  };
  expect(copy).toEqual(mapped);
}

/** Rows of every table an import writes. */
async function counts() {
  const tables = [projects, deployments, projectMemberships, sources, contents, contentUtterances, contentActions, intents, slots, sequences, scenarios];
  return Promise.all(tables.map((table) => countRows(app, table)));
}

/** The project's sequences name its own slot and intent (by their new ids), its scenario its own two sequences. */
async function expectFlowsOwnedBy(projectId: string) {
  const { db } = app.ctx;
  const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id).sort();
  const slotIds = await ids(db.select({ id: slots.id }).from(slots).where(eq(slots.projectId, projectId)));
  const greetingIds = await ids(db.select({ id: intents.id }).from(intents).where(and(eq(intents.projectId, projectId), eq(intents.intent, 'greeting'))));
  const sequenceRows = await db.select().from(sequences).where(eq(sequences.projectId, projectId));
  const named = sequenceRows.map((row) => sequenceReferences(row.nodes));
  expect(named.flatMap((references) => [...references.slots])).toEqual(slotIds);
  expect(named.flatMap((references) => [...references.intents])).toEqual(greetingIds);
  const [scenario] = await db.select().from(scenarios).where(eq(scenarios.projectId, projectId));
  expect(scenario!.nodes.map((node) => node.sequence_id).sort()).toEqual(sequenceRows.map((row) => row.id).sort());
}

describe('GET /project/{id}/archive', () => {
  it('downloads every entity of the project as one versioned file', async () => {
    const projectId = await buildProject(home.workspace.id);
    const response = await call(app, 'GET', `/api/v1/project/${projectId}/archive`, viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    const fileName = archiveFileName(projectId);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const archive = response.json<ArchiveJson>();
    expect(projectArchiveSchema.safeParse(archive).success).toBe(true);
    expect(archive).toMatchObject({
      format: 'assistant-console-project',
      version: 1,
      exported_at: clock.now().toISOString(),
      project: {
        display_name: 'Knowledge Base',
        description: 'Everything',
        response_word_cutoff: 120,
        out_of_scope_response: 'Ask a person, please.',
        handoff_message: 'Mail help@kb.example.',
        pipeline_config: { model: 'small', thresholds: { rank: 0.3 } },
        jargon: { mappings: [{ keyword: 'refund', terms: ['money back', 'reimbursement'] }, { keyword: 'parcel', terms: ['package'] }] },
      },
      intents: [
        { intent: 'greeting', utterances: ['hello', 'hi there'] },
        { intent: 'farewell', utterances: ['bye'] },
      ],
      slots: [{ name: 'colour', terms: ['red', 'blue'] }],
    });
    expect(archive.sources.map((source) => [source.display_name, source.type])).toEqual([
      ['Handbook', 'rich_editor'],
      ['Help CSV', 'pipeline'],
    ]);
    expect(archive.sources[0]).toMatchObject({ config: { document: handbook }, kb: { children: expect.any(Array) } });
    expect(archive.sources[1]).toMatchObject({ config: { inputs: [{ type: 'csv', text: csv }] } });

    // Pulled items carry their source and key; the hand-made item its response, utterances and actions.
    const [handbookId, csvId] = archive.sources.map((source) => source.id);
    const pulled = archive.contents.filter((content) => content.source_key !== null);
    // Items of one pull share their creation time; their order is that of their reporting ids.
    expect(pulled.map((content) => [content.subject, content.source_id, content.status]).sort()).toEqual([
      ['Opening hours', csvId, 'candidate'],
      ['Parking', csvId, 'candidate'],
      ['Returns', handbookId, 'active'],
      ['Shipping', handbookId, 'active'],
    ]);
    const refunds = archive.contents.find((content) => content.subject === 'Refunds')!;
    expect(refunds).toMatchObject({
      source_id: null,
      source_key: null,
      status: 'active',
      response_pm: { type: 'doc', content: expect.arrayContaining([{ type: 'image', attrs: { src: 'https://example.com/parcel.png', alt: 'A parcel', title: 'Parcel' } }]) },
      utterances: [{ text: 'How do refunds work?' }, { text: 'Where is my money?' }],
      actions: [
        { type: 'query', config: { label: 'Returns', utterance: 'How do I return an item?' } },
        { type: 'event', config: { label: 'Agent', event: 'handover' } },
      ],
    });
    const [stored] = await app.ctx.db.select().from(contents).where(eq(contents.id, refunds.id));
    expect(refunds).toMatchObject({
      reporting_id: stored!.reportingId,
      created_at: stored!.createdAt.toISOString(),
      updated_at: stored!.updatedAt.toISOString(),
    });
    expect(archive.contents.find((content) => content.subject === 'Old news')).toMatchObject({ status: 'inactive', source_id: handbookId });

    // Sequences name their slots and intents by name; the scenario names the file's sequences by their ids in it.
    expect(archive.sequences.map((sequence) => sequence.name)).toEqual(['Lookup', 'Answer']);
    expect(archive.sequences[0]).toMatchObject({
      nodes: [
        { name: 'Start', position: { x: 5, y: 10 }, attributes: [{ type: 'entry_intents', intents: ['greeting'] }] },
        {
          name: 'Ask',
          position: { x: 0, y: 0 },
          attributes: [
            { type: 'collect_slots', slots: [{ slot: 'colour', prompt: 'Which colour?' }] },
            { type: 'follow_up_intents', intents: ['greeting'] },
            { type: 'business_logic', url: 'https://shop.example/orders', configuration: { method: 'POST' } },
          ],
        },
      ],
      transitions: [{ source: expect.any(String), target: expect.any(String) }],
    });
    expect(archive.sequences[1]).toMatchObject({ nodes: [], transitions: [] });
    expect(archive.scenarios).toEqual([
      {
        display_name: 'Orders',
        status: 'active',
        combination: 'one-all',
        nodes: [
          { id: expect.any(String), sequence_id: archive.sequences[0]!.id, position: { x: 0, y: 0 } },
          { id: expect.any(String), sequence_id: archive.sequences[1]!.id, position: { x: 200, y: 0 } },
        ],
        transitions: [{ id: expect.any(String), source: expect.any(String), target: expect.any(String) }],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
  });

  it('is a 404 for callers of other workspaces', async () => {
    expectError(await call(app, 'GET', `/api/v1/project/${home.project.id}/archive`, outsider.token), 404);
  });
});

const stamps = { created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-02T00:00:00.000Z' };

/** Archive content items, each with three utterances and an action. */
const manyItems = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    source_id: null,
    source_key: null,
    subject: `Question ${index}`,
    status: 'active',
    reporting_id: randomUUID(),
    response_pm: { type: 'doc', content: [paragraph(text(`Answer ${index}`))] },
    utterances: [1, 2, 3].map((n) => ({ text: `asking ${index} way ${n}`, ...stamps })),
    actions: [{ type: 'query', config: { label: `More ${index}`, utterance: `more about ${index}` }, ...stamps }],
    ...stamps,
  }));

describe('POST /workspace/{id}/project/import', () => {
  it('round trip: importing an export into another workspace gives an equal project with new ids', async () => {
    const originalId = await buildProject(home.workspace.id);
    const original = await exportArchive(originalId);
    clock.advance(60_000);
    const response = await upload(away.workspace.id, [archiveFile(original)]);
    expect(response.statusCode, response.body).toBe(201);
    const imported = response.json<ProjectSummary>();
    expect(imported).toMatchObject({ workspace_id: away.workspace.id, display_name: 'Knowledge Base', description: 'Everything', synced_at: null });
    expect(imported.id).not.toBe(originalId);
    expect(imported.created_at).toBe(clock.now().toISOString());

    const copy = await exportArchive(imported.id);
    expectSameExceptIds(original, copy);
    await expectFlowsOwnedBy(imported.id);

    // The new project has its own 'Production' and 'Staging' deployments, as a created project has.
    const deploymentRows = await app.ctx.db.select().from(deployments).where(eq(deployments.projectId, imported.id));
    expect(deploymentRows.map((row) => row.displayName).sort()).toEqual(['Production', 'Staging']);
    // Word counts are those of the original items.
    const words = async (projectId: string) =>
      (await app.ctx.db.select().from(contents).where(eq(contents.projectId, projectId))).map((row) => [row.reportingId, row.numResponseWords]).sort();
    expect(await words(imported.id)).toEqual(await words(originalId));
  });

  it('imports a large archive whole: every record of every table, hundreds of rows each', async () => {
    const items = manyItems(350);
    const archive = {
      ...emptyArchive('Large Import'),
      contents: items,
      intents: Array.from({ length: 250 }, (_, index) => ({ intent: `intent_${index}`, utterances: [`say ${index}`], ...stamps })),
      slots: Array.from({ length: 150 }, (_, index) => ({ name: `slot_${index}`, terms: [`term ${index}`], ...stamps })),
    };
    const response = await upload(away.workspace.id, [archiveFile(archive)]);
    expect(response.statusCode, response.body).toBe(201);
    const copy = await exportArchive(response.json<ProjectSummary>().id);
    const contentsOf = (list: typeof items | ArchiveJson['contents']) =>
      list.map(({ id: _id, reporting_id: _reporting, ...content }) => content).sort((a, b) => String(a.subject).localeCompare(String(b.subject)));
    expect(contentsOf(copy.contents)).toEqual(contentsOf(items));
    expect(new Set(copy.contents.map((content) => content.reporting_id))).toEqual(new Set(items.map((item) => item.reporting_id)));
    expect(copy.intents).toHaveLength(250);
    expect(copy.slots).toHaveLength(150);
  });

  it('takes the name from the form field display_name when given', async () => {
    const response = await upload(away.workspace.id, [archiveFile(emptyArchive('From File')), { name: 'display_name', content: 'Renamed Import' }]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ProjectSummary>().display_name).toBe('Renamed Import');
    const [row] = await app.ctx.db.select().from(projects).where(eq(projects.id, response.json<ProjectSummary>().id));
    expect(row).toMatchObject({ displayName: 'Renamed Import', outOfScopeResponse: 'Sorry.' });
  });

  describe('refuses a bad file with a 400 and writes nothing', () => {
    const valid = () => {
      const archive = emptyArchive() as ReturnType<typeof emptyArchive> & Record<string, unknown>;
      const source = { id: '11111111-1111-4111-8111-111111111111', display_name: 'Handbook', type: 'rich_editor', config: { document: { type: 'doc' } }, kb: { children: [] }, ...stamps };
      const item = (id: string, reportingId: string) => ({
        id,
        source_id: source.id,
        source_key: null,
        subject: 'Item',
        status: 'active',
        reporting_id: reportingId,
        response_pm: { type: 'doc', content: [paragraph(text('Hello'))] },
        utterances: [{ text: 'hello', ...stamps }],
        actions: [{ type: 'query', config: { label: 'More', utterance: 'tell me more' }, ...stamps }],
        ...stamps,
      });
      return {
        ...archive,
        sources: [source],
        contents: [item('22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'), item('44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555')],
        intents: [{ intent: 'greeting', utterances: ['hello'], ...stamps }],
        slots: [{ name: 'colour', terms: ['red'], ...stamps }],
        sequences: [
          {
            id: '66666666-6666-4666-8666-666666666666',
            name: 'Lookup',
            nodes: [
              {
                id: '77777777-7777-4777-8777-777777777777',
                name: 'Ask',
                attributes: [
                  { type: 'collect_slots', slots: [{ slot: 'Colour' }] },
                  { type: 'entry_intents', intents: ['greeting'] },
                ],
              },
            ],
            transitions: [],
            ...stamps,
          },
        ],
        scenarios: [
          {
            display_name: 'Orders',
            status: 'draft',
            combination: 'any-all',
            nodes: [{ id: '88888888-8888-4888-8888-888888888888', sequence_id: '66666666-6666-4666-8666-666666666666' }],
            transitions: [],
            ...stamps,
          },
        ],
      };
    };
    type Archive = ReturnType<typeof valid>;
    const edited = (edit: (archive: Archive) => void) => {
      const archive = valid();
      edit(archive);
      return archive;
    };
    const javascriptLink = edited((archive) => {
      archive.contents[0]!.response_pm = { type: 'doc', content: [paragraph(text('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))] };
    });

    const cases: [string, FormPart[], string][] = [
      ['not JSON', [archiveFile('{"format": ')], archiveMessages.notJson],
      ['an empty file', [archiveFile('')], archiveMessages.notJson],
      ['a JSON array', [archiveFile([valid()])], archiveMessages.notArchive],
      ['a JSON string', [archiveFile('"archive"')], archiveMessages.notArchive],
      ['another format', [archiveFile({ ...valid(), format: 'something-else' })], archiveMessages.notArchive],
      ['no version', [archiveFile({ ...valid(), version: undefined })], archiveMessages.notArchive],
      ['version 2', [archiveFile({ ...valid(), version: 2 })], archiveMessages.wrongVersion(2)],
      [
        'an empty utterance deep inside',
        [archiveFile(edited((archive) => (archive.contents[1]!.utterances[0]!.text = '')))],
        `contents[1].utterances[0].text: ${messages.atLeastChars('Text', 1)}`,
      ],
      [
        'a javascript: link in a response',
        [archiveFile(javascriptLink)],
        'contents[0].response_pm.content[0].content[0].marks[0].attrs.href: Link URL must use http, https or mailto',
      ],
      [
        'a dangling source_id',
        [archiveFile(edited((archive) => (archive.contents[0]!.source_id = '99999999-9999-4999-8999-999999999999')))],
        `contents[0].source_id: ${archiveMessages.unknownSource}`,
      ],
      [
        'duplicate intent names',
        [archiveFile(edited((archive) => archive.intents.push({ ...archive.intents[0]!, intent: 'Greeting', utterances: ['hey'] })))],
        `intents: ${archiveMessages.duplicateName('Intent')}`,
      ],
      [
        'a sequence naming a slot the archive lacks',
        [archiveFile(edited((archive) => (archive.sequences[0]!.nodes[0]!.attributes[0] = { type: 'collect_slots', slots: [{ slot: 'size' }] })))],
        `sequences[0].nodes[0].attributes[0].slots[0].slot: ${archiveMessages.unknownSlot('size')}`,
      ],
      [
        'a sequence naming an intent the archive lacks',
        [archiveFile(edited((archive) => (archive.sequences[0]!.nodes[0]!.attributes[1] = { type: 'entry_intents', intents: ['farewell'] })))],
        `sequences[0].nodes[0].attributes[1].intents[0]: ${archiveMessages.unknownIntent('farewell')}`,
      ],
      [
        'a sequence breaking a builder rule',
        [archiveFile(edited((archive) => archive.sequences[0]!.nodes.push({ ...archive.sequences[0]!.nodes[0]!, id: randomUUID() })))],
        `sequences[0].nodes[0].name: ${sequenceMessages.duplicateNodeName('Ask')}`,
      ],
      [
        'a scenario naming a sequence the archive lacks',
        [archiveFile(edited((archive) => (archive.scenarios[0]!.nodes[0]!.sequence_id = '99999999-9999-4999-8999-999999999999')))],
        `scenarios[0].nodes[0].sequence_id: ${archiveMessages.unknownSequence}`,
      ],
      [
        'duplicate scenario names',
        [archiveFile(edited((archive) => archive.scenarios.push({ ...archive.scenarios[0]!, display_name: 'ORDERS', nodes: [] })))],
        `scenarios: ${archiveMessages.duplicateName('Scenario')}`,
      ],
      ['duplicate reporting ids', [archiveFile(edited((archive) => (archive.contents[1]!.reporting_id = archive.contents[0]!.reporting_id)))], `contents[1].reporting_id: ${archiveMessages.duplicateReportingId}`],
      ['a bad timestamp', [archiveFile(edited((archive) => (archive.intents[0]!.created_at = 'yesterday')))], 'intents[0].created_at: Timestamps must be ISO 8601 date-times'],
      ['a bad jargon', [archiveFile(edited((archive) => (archive.project.jargon = { mappings: [{ keyword: 'refund', terms: [] }] })))], 'project.jargon.mappings[0].terms: terms must be nonempty.'],
      ['a short project name', [archiveFile(edited((archive) => (archive.project.display_name = 'ab')))], `project.display_name: ${messages.atLeastChars('Name', 3)}`],
      ['no file', [{ name: 'display_name', content: 'Named' }], archiveMessages.missingFile],
      ['a bad display_name', [archiveFile(valid()), { name: 'display_name', content: 'ab' }], messages.atLeastChars('Name', 3)],
      ['an unknown field', [archiveFile(valid()), { name: 'colour', content: 'red' }], uploadMessages.unknownField('colour')],
      ['two files', [archiveFile(valid()), archiveFile(valid())], uploadMessages.tooManyParts],
    ];

    it.each(cases)('%s', async (_name, parts, detail) => {
      const before = await counts();
      const response = await upload(home.workspace.id, parts);
      expectError(response, 400, detail);
      expect(await counts()).toEqual(before);
    });

    it('names the checks let pass but a unique index refuses (PostgreSQL lower-cases a final sigma differently), removing the records written before', async () => {
      const before = await counts();
      const archive = edited((value) => value.intents.push({ ...value.intents[0]!, intent: 'ΟΔΟΣ' }, { ...value.intents[0]!, intent: 'οδοσ' }));
      expectError(await upload(home.workspace.id, [archiveFile(archive)]), 400, archiveServiceMessages.notUnique);
      expect(await counts()).toEqual(before);
    });

    it('the valid archive the cases start from is accepted', async () => {
      const response = await upload(away.workspace.id, [archiveFile(valid())]);
      expect(response.statusCode, response.body).toBe(201);
    });

    it('a body that is not multipart', async () => {
      const before = await counts();
      expectError(await call(app, 'POST', `/api/v1/workspace/${home.workspace.id}/project/import`, author.token, valid()), 400, archiveMessages.missingFile);
      expect(await counts()).toEqual(before);
    });

    it('a malformed multipart body', async () => {
      const before = await counts();
      const send = (contentType: string, payload: string) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/workspace/${home.workspace.id}/project/import`,
          payload,
          headers: { 'content-type': contentType, authorization: `Bearer ${author.token}` },
        });
      expectError(await send('multipart/form-data', 'no boundary'), 400, uploadMessages.unreadable);
      expectError(await send('multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n{"cut'), 400, uploadMessages.unreadable);
      expect(await counts()).toEqual(before);
    });

    it(`a file larger than ${ARCHIVE_MAX_BYTES} bytes (cut off while read)`, async () => {
      const before = await counts();
      const file = Buffer.alloc(ARCHIVE_MAX_BYTES + 1, 0x20);
      expectError(await upload(home.workspace.id, [archiveFile(file)]), 400, archiveMessages.tooLarge);
      expect(await counts()).toEqual(before);
    });
  });

  it('needs the create right on the workspace: viewers 403, other workspaces 404', async () => {
    const before = await counts();
    expectError(await upload(home.workspace.id, [archiveFile(emptyArchive())], viewer.token), 403);
    expectError(await upload(home.workspace.id, [archiveFile(emptyArchive())], outsider.token), 404);
    expect(await counts()).toEqual(before);
  });
});

describe('a project while it is being imported', () => {
  const listedIds = async (url: string) => {
    const response = await call(app, 'GET', `/api/v1${url}?limit=${MAX_PAGE_SIZE}`, author.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ records: { id: string }[] }>().records.map((record) => record.id);
  };
  const markedProject = async (displayName: string) =>
    (await app.ctx.db.select({ id: projects.id }).from(projects).where(and(eq(projects.displayName, displayName), isNotNull(projects.importingSince))))[0]?.id;

  it('is in no list and a 404 until the import answers 201, then is there whole', async () => {
    const items = manyItems(1500);
    let settled = false;
    const importing = upload(away.workspace.id, [archiveFile({ ...emptyArchive('In Flight'), contents: items })]).finally(() => (settled = true));

    let answersWhileMarked = 0;
    while (!settled) {
      const id = await markedProject('In Flight');
      if (!id) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      const [workspaceList, readableList, read, session] = await Promise.all([
        listedIds(`/workspace/${away.workspace.id}/project`),
        listedIds('/project'),
        call(app, 'GET', `/api/v1/project/${id}`, author.token),
        call(app, 'GET', `/api/v1/session?project=${id}`, author.token),
      ]);
      // The mark is cleared once, by the import's last write: still set now, it was set while these were answered.
      if ((await markedProject('In Flight')) !== id) break;
      expect(workspaceList).not.toContain(id);
      expect(readableList).not.toContain(id);
      expectError(read, 404);
      expect(session.json()).toMatchObject({ project: null, project_role: null });
      answersWhileMarked += 1;
    }
    expect(answersWhileMarked).toBeGreaterThan(0);

    const response = await importing;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<ProjectSummary>();
    expect(await listedIds(`/workspace/${away.workspace.id}/project`)).toContain(id);
    expect(await listedIds('/project')).toContain(id);
    expect((await exportArchive(id)).contents).toHaveLength(items.length);
    expect(await countRows(app, contentUtterances, inArray(contentUtterances.contentId, app.ctx.db.select({ id: contents.id }).from(contents).where(eq(contents.projectId, id))))).toBe(3 * items.length);
  });

  it('whose workspace is deleted meanwhile: the import is a 404 and leaves nothing', async () => {
    const doomed = await createWorkspaceTree(app, [{ user: author.user, role: 'admin' }], 'Doomed');
    const before = await counts();
    let settled = false;
    const importing = upload(doomed.workspace.id, [archiveFile({ ...emptyArchive('Doomed Import'), contents: manyItems(1000) })]).finally(
      () => (settled = true),
    );
    // Deleted only while the project is still marked, in one statement: the import cannot have answered yet.
    const importingThere = app.ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.workspaceId, doomed.workspace.id), isNotNull(projects.importingSince)));
    const deleteWhileMarked = () =>
      app.ctx.db
        .delete(workspaces)
        .where(and(eq(workspaces.id, doomed.workspace.id), exists(importingThere)))
        .returning({ id: workspaces.id });
    let deleted = false;
    while (!deleted && !settled) {
      deleted = (await deleteWhileMarked()).length === 1;
      if (!deleted) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(deleted).toBe(true);
    expectError(await importing, 404);
    // The workspace's own project went with it too, by cascade.
    const [projectsBefore, deploymentsBefore, ...rest] = before;
    expect(await counts()).toEqual([projectsBefore! - 1, deploymentsBefore! - 1, ...rest]);
  });

  it('one a stopped process left marked is removed: at start-up on the embedded database, on PostgreSQL once its mark is old', async () => {
    const left = await createWorkspaceTree(app, [{ user: author.user, role: 'admin' }], 'Left Behind');
    const mark = (projectId: string, since: Date) => app.ctx.db.update(projects).set({ importingSince: since }).where(eq(projects.id, projectId));
    const exists = async (projectId: string) => (await countRows(app, projects, eq(projects.id, projectId))) === 1;

    await mark(left.project.id, clock.now());
    expect(await listedIds(`/workspace/${left.workspace.id}/project`)).toEqual([]);
    expectError(await call(app, 'GET', `/api/v1/project/${left.project.id}`, author.token), 404);
    // On PostgreSQL another live process may be writing it.
    await removeImportsLeftAtStartUp(app.ctx, 'postgres');
    expect(await exists(left.project.id)).toBe(true);
    // The embedded database is held by one process: whatever is marked at start-up was left by a stopped one.
    await removeImportsLeftAtStartUp(app.ctx, 'pglite');
    expect(await exists(left.project.id)).toBe(false);
    expect(await countRows(app, deployments, eq(deployments.projectId, left.project.id))).toBe(0);

    // A mark older than the bound goes before the next import, on either database.
    const old = await createWorkspaceTree(app, [{ user: author.user, role: 'admin' }], 'Long Gone');
    await mark(old.project.id, new Date(clock.now().getTime() - IMPORT_ABANDONED_AFTER_MS - 1000));
    await removeImportsLeftAtStartUp(app.ctx, 'postgres');
    expect(await exists(old.project.id)).toBe(false);
    const stale = await createWorkspaceTree(app, [{ user: author.user, role: 'admin' }], 'Stale Mark');
    await mark(stale.project.id, new Date(clock.now().getTime() - IMPORT_ABANDONED_AFTER_MS - 1000));
    expect((await upload(stale.workspace.id, [archiveFile(emptyArchive('Fresh Import'))])).statusCode).toBe(201);
    expect(await exists(stale.project.id)).toBe(false);
  });
});

describe('POST /project/{id}/clone', () => {
  it('copies the project into its workspace, named "(copy)", equal to the original but for ids', async () => {
    const originalId = await buildProject(home.workspace.id);
    const original = await exportArchive(originalId);
    const response = await write('POST', `/project/${originalId}/clone`, {}, 201);
    const clone = response.json<ProjectSummary>();
    expect(clone).toMatchObject({ workspace_id: home.workspace.id, display_name: cloneName('Knowledge Base') });
    expectSameExceptIds(original, await exportArchive(clone.id), cloneName('Knowledge Base'));
    await expectFlowsOwnedBy(clone.id);
    // The original is untouched.
    expect(await exportArchive(originalId)).toEqual({ ...original, exported_at: expect.any(String) });

    const named = await write('POST', `/project/${originalId}/clone`, { display_name: 'Second Copy' }, 201);
    expect(named.json<ProjectSummary>().display_name).toBe('Second Copy');
  });

  it("leaves out a sequence's references to slots and intents deleted since (its sync reports them), so the copy imports", async () => {
    const projectId = await buildProject(home.workspace.id);
    const [slot] = await app.ctx.db.select().from(slots).where(eq(slots.projectId, projectId));
    expect((await call(app, 'DELETE', `/api/v1/slot/${slot!.id}`, author.token)).statusCode).toBe(204);
    const clone = (await write('POST', `/project/${projectId}/clone`, {}, 201)).json<ProjectSummary>();
    const copied = await exportArchive(clone.id);
    expect((copied.sequences[0]!.nodes as { attributes: { type: string }[] }[]).map((node) => node.attributes.map((attribute) => attribute.type))).toEqual([
      ['entry_intents'],
      ['follow_up_intents', 'business_logic'],
    ]);
  });

  it('imports an archive written before sequences and scenarios were archived, with none', async () => {
    const response = await upload(away.workspace.id, [archiveFile(emptyArchive('Before Flows'))]);
    expect(response.statusCode, response.body).toBe(201);
    expect(await exportArchive(response.json<ProjectSummary>().id)).toMatchObject({ sequences: [], scenarios: [] });
  });

  it('refuses a bad name, readers without the create right (403) and other workspaces (404), writing nothing', async () => {
    const projectId = home.project.id;
    // A direct project editor without a workspace role reads the project but may not create projects.
    const projectOnly = await createSignedInUser(app);
    await app.ctx.db.insert(projectMemberships).values({ projectId, userId: projectOnly.user.id, role: 'editor' });
    const before = await counts();
    const clone = (body: unknown, token: string): Promise<LightMyRequestResponse> => call(app, 'POST', `/api/v1/project/${projectId}/clone`, token, body);
    expectError(await clone({ display_name: 'ab' }, author.token), 400, messages.atLeastChars('Name', 3));
    expectError(await clone({ display_name: 'Copy', colour: 'red' }, author.token), 400, 'colour is not an accepted field');
    expectError(await clone({}, viewer.token), 403);
    expectError(await clone({}, projectOnly.token), 403);
    expectError(await clone({}, outsider.token), 404);
    expect(await counts()).toEqual(before);
  });
});
