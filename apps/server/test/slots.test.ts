import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_SLOT_LOCALE,
  messages,
  patternProblem,
  SLOT_DEFAULT_MAX_ATTEMPTS,
  SLOT_MAX_ATTEMPTS,
  SLOT_PATTERN_MAX,
  slotMessages,
  slotTypes,
  type ProjectSummary,
  type Sequence,
  type Slot,
} from '@console/contracts';
import { slots, snapshots } from '../src/db/schema/index';
import { sync } from './assistant-fixtures';
import { emptyArchive, multipartForm } from './authorization/rows-project';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { describeNamedTextList } from './named-text-list-suite';

// A slot without a type is a terms slot: a name and the terms that fill it, as intents are a name and utterances.
describeNamedTextList({
  kind: 'slot',
  a: 'a slot',
  table: slots,
  fields: { name: 'name', list: 'terms', listLabel: 'Terms', item: 'Term', nameMax: 64 },
  messages: { required: slotMessages.termRequired, unique: slotMessages.termsUnique, nameTaken: slotMessages.nameTaken },
  samples: {
    first: { name: 'colour', text: 'red', alsoText: 'dark blue', newText: 'green', takenText: 'pink' },
    second: { name: 'size', text: 'large' },
    listed: { names: ['shoe size', 'Brand', 'colour'], sorted: ['Brand', 'colour', 'shoe size'], like: 'O', found: ['colour', 'shoe size'] },
  },
});

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type ArchiveJson = Record<string, unknown> & {
  exported_at: string;
  slots: Record<string, unknown>[];
  sequences: { id: string; nodes: { attributes: { type: string; slots?: Record<string, unknown>[] }[] }[] }[];
};

describe('typed slots', () => {
  let app: FastifyInstance;
  let editor: SignedIn;
  let workspaceId: string;

  beforeAll(async () => {
    app = await createTestApp(await openTestDatabase());
    editor = await createSignedInUser(app);
    workspaceId = (await createWorkspaceTree(app, [{ user: editor.user, role: 'admin' }], 'Typed')).workspace.id;
  });

  async function freshProject(): Promise<string> {
    const project = await call(app, 'POST', `/api/v1/workspace/${workspaceId}/project`, editor.token, { display_name: `Slots ${randomUUID().slice(0, 8)}` });
    expect(project.statusCode, project.body).toBe(201);
    return project.json<ProjectSummary>().id;
  }
  const create = (projectId: string, body: unknown) => call(app, 'POST', `/api/v1/project/${projectId}/slot`, editor.token, body);
  async function created(projectId: string, body: Record<string, unknown>): Promise<Slot> {
    const response = await create(projectId, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Slot>();
  }
  const stored = (id: string) => app.ctx.db.select().from(slots).where(eq(slots.id, id)).then((rows) => rows[0]);
  const defaults = { terms: [], pattern: '', locale: DEFAULT_SLOT_LOCALE, prompt: '', reprompt: '', max_attempts: SLOT_DEFAULT_MAX_ATTEMPTS };

  /** One slot of each type with its own settings. */
  const samples: Record<(typeof slotTypes)[number], Record<string, unknown>> = {
    terms: { name: 'colour', type: 'terms', terms: ['red', 'blue'], prompt: 'Which colour?' },
    text: { name: 'note', type: 'text', prompt: 'Anything to add?', reprompt: 'Please say it in a few words.' },
    number: { name: 'guests', type: 'number', max_attempts: 3 },
    email: { name: 'email', type: 'email', prompt: 'Your e-mail address?' },
    phone: { name: 'phone', type: 'phone', locale: 'en-GB' },
    date: { name: 'day', type: 'date', locale: 'de-DE', prompt: 'Which day?', reprompt: 'Which day, for example tomorrow?', max_attempts: SLOT_MAX_ATTEMPTS },
    pattern: { name: 'order number', type: 'pattern', pattern: '[A-Z]{2}-\\d{6}', max_attempts: 1 },
  };

  it('creates, reads and updates a slot of each type with its settings; a slot without a type is a terms slot', async () => {
    const projectId = await freshProject();
    for (const type of slotTypes) {
      const record = await created(projectId, samples[type]);
      expect(record).toEqual({ ...defaults, ...samples[type], id: record.id, project_id: projectId, created_at: expect.any(String), updated_at: expect.any(String) });
      expect((await call(app, 'GET', `/api/v1/slot/${record.id}`, editor.token)).json()).toEqual(record);
      const { max_attempts, ...columns } = { ...defaults, ...samples[type] };
      expect(await stored(record.id)).toMatchObject({ ...columns, maxAttempts: max_attempts });
    }
    expect(await created(projectId, { name: 'size', terms: ['small'] })).toMatchObject({ ...defaults, type: 'terms', terms: ['small'] });

    // An update replaces the slot: another type and its settings, the left-out fields back to their defaults.
    const slot = await created(projectId, { name: 'when', type: 'text', prompt: 'When?', max_attempts: 4 });
    const updated = await call(app, 'PUT', `/api/v1/slot/${slot.id}`, editor.token, { name: 'when', type: 'date', locale: 'en-AU', reprompt: ' Which date? ' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ ...defaults, name: 'when', type: 'date', locale: 'en-AU', reprompt: 'Which date?' });
    expect(await stored(slot.id)).toMatchObject({ type: 'date', locale: 'en-AU', prompt: '', reprompt: 'Which date?', maxAttempts: SLOT_DEFAULT_MAX_ATTEMPTS });
  });

  it('needs terms for a terms slot only', async () => {
    const projectId = await freshProject();
    const before = await countRows(app, slots);
    expectError(await create(projectId, { name: 'colour', type: 'terms' }), 400, slotMessages.termRequired);
    expectError(await create(projectId, { name: 'colour', type: 'terms', terms: [] }), 400, 'At least one term is required');
    expect(await countRows(app, slots)).toBe(before);
    for (const type of slotTypes.filter((type) => type !== 'terms' && type !== 'pattern')) {
      expect(await created(projectId, { name: `a ${type}`, type })).toMatchObject({ type, terms: [] });
    }
  });

  it('refuses a bad pattern, an unknown locale or attempts out of range with a 400 naming the slot, and writes nothing', async () => {
    const projectId = await freshProject();
    const existing = await created(projectId, samples.pattern);
    const name = 'order number';
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'pattern', pattern: '' }, slotMessages.patternRequired(name)],
      [{ type: 'pattern', pattern: '([A-Z]' }, patternProblem(name, '([A-Z]')!],
      [{ type: 'pattern', pattern: 'x'.repeat(SLOT_PATTERN_MAX + 1) }, slotMessages.patternTooLong(name)],
      [{ type: 'pattern', pattern: '(a+)+$' }, slotMessages.patternUnsafe(name)],
      [{ type: 'pattern', pattern: '([a-z]*\\d*)*#' }, slotMessages.patternUnsafe(name)],
      [{ type: 'text', pattern: 'x'.repeat(SLOT_PATTERN_MAX + 1) }, slotMessages.patternTooLong(name)],
      [{ type: 'date', locale: 'xx-XX' }, slotMessages.unknownLocale(name)],
      [{ type: 'phone', locale: 'en_GB' }, slotMessages.unknownLocale(name)],
      [{ type: 'number', max_attempts: 0 }, slotMessages.maxAttempts],
      [{ type: 'number', max_attempts: SLOT_MAX_ATTEMPTS + 1 }, slotMessages.maxAttempts],
      [{ type: 'number', max_attempts: 1.5 }, slotMessages.maxAttempts],
      [{ type: 'colour' }, messages.oneOf('Type', slotTypes)],
    ];
    // The message names the slot as the body does, so a failing import or a long form says which.
    expect(patternProblem(name, '([A-Z]')).toMatch(/^Slot "order number": the pattern is not a valid regular expression \(.+\)$/);
    const before = await countRows(app, slots);
    for (const [fields, detail] of cases) {
      const body = { name: ` ${name} `, ...fields };
      expectError(await create(projectId, body), 400, detail);
      expectError(await call(app, 'PUT', `/api/v1/slot/${existing.id}`, editor.token, body), 400, detail);
    }
    expect(await countRows(app, slots)).toBe(before);
    expect(await stored(existing.id)).toMatchObject({ type: 'pattern', pattern: samples.pattern.pattern, maxAttempts: 1 });
  });

  /** A project with a slot of each type and a sequence whose node collects three of them, two with their own re-prompt and attempts. */
  async function flowProject(): Promise<{ projectId: string; byName: Map<string, Slot> }> {
    const projectId = await freshProject();
    const byName = new Map<string, Slot>();
    for (const type of slotTypes) {
      const slot = await created(projectId, samples[type]);
      byName.set(slot.name, slot);
    }
    const intent = (await call(app, 'POST', `/api/v1/project/${projectId}/intent`, editor.token, { intent: 'book', utterances: ['book a table'] })).json<{ id: string }>();
    const sequence = (await call(app, 'POST', `/api/v1/project/${projectId}/sequence`, editor.token, { name: 'Booking' })).json<Sequence>();
    const saved = await call(app, 'PUT', `/api/v1/sequence/${sequence.id}`, editor.token, {
      nodes: [
        {
          id: randomUUID(),
          name: 'Ask',
          attributes: [
            { type: 'entry_intents', intents: [intent.id] },
            {
              type: 'collect_slots',
              slots: [
                { slot_id: byName.get('day')!.id, prompt: 'For which day?', reprompt: 'Say a day such as next friday.', max_attempts: 3 },
                { slot_id: byName.get('guests')!.id, reprompt: 'How many people, in digits?' },
                { slot_id: byName.get('order number')!.id, max_attempts: 5 },
              ],
            },
          ],
        },
      ],
      transitions: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { projectId, byName };
  }

  const collected = [
    { slot: 'day', prompt: 'For which day?', reprompt: 'Say a day such as next friday.', max_attempts: 3 },
    { slot: 'guests', prompt: '', reprompt: 'How many people, in digits?', max_attempts: null },
    { slot: 'order number', prompt: '', reprompt: '', max_attempts: 5 },
  ];

  it("a sync's snapshot carries each slot's type and settings, and the node's re-prompts and attempts", async () => {
    const { projectId, byName } = await flowProject();
    const answer = await sync(app, editor.token, projectId);
    const [snapshot] = await app.ctx.db.select().from(snapshots).where(eq(snapshots.id, answer.snapshot_id));
    const { slots: snapshotSlots, sequences = [] } = snapshot!.data;
    expect(snapshotSlots).toEqual(slotTypes.map((type) => {
      const { project_id: _project, created_at: _created, updated_at: _updated, ...slot } = byName.get(samples[type].name as string)!;
      return slot;
    }));
    const [collect] = sequences[0]!.nodes[0]!.attributes.filter((attribute) => attribute.type === 'collect_slots');
    expect(collect).toEqual({ type: 'collect_slots', slots: collected.map(({ slot, ...asked }) => ({ slot_id: byName.get(slot)!.id, ...asked })) });
  });

  async function exported(projectId: string): Promise<ArchiveJson> {
    const response = await call(app, 'GET', `/api/v1/project/${projectId}/archive`, editor.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ArchiveJson>();
  }
  function upload(archive: unknown) {
    const { payload, headers } = multipartForm([{ name: 'file', filename: 'archive.json', content: JSON.stringify(archive) }]);
    return app.inject({ method: 'POST', url: `/api/v1/workspace/${workspaceId}/project/import`, payload, headers: { ...headers, authorization: `Bearer ${editor.token}` } });
  }
  async function imported(archive: unknown): Promise<string> {
    const response = await upload(archive);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ProjectSummary>().id;
  }
  /** What an archive says of slots and of the slots its nodes collect. */
  const slotsOf = (archive: ArchiveJson) => ({
    slots: archive.slots.map(({ created_at: _created, updated_at: _updated, ...slot }) => slot),
    collected: archive.sequences.flatMap((sequence) => sequence.nodes.flatMap((node) => node.attributes.flatMap((attribute) => attribute.slots ?? []))),
  });

  it('export, import and clone keep slot types and settings and the nodes’ re-prompts and attempts', async () => {
    const { projectId } = await flowProject();
    const original = await exported(projectId);
    expect(slotsOf(original)).toEqual({
      slots: slotTypes.map((type) => ({ ...defaults, ...samples[type] })),
      collected,
    });
    expect(slotsOf(await exported(await imported(original)))).toEqual(slotsOf(original));
    const clone = await call(app, 'POST', `/api/v1/project/${projectId}/clone`, editor.token, {});
    expect(clone.statusCode, clone.body).toBe(201);
    expect(slotsOf(await exported(clone.json<ProjectSummary>().id))).toEqual(slotsOf(original));
  });

  it('imports an archive written before typed slots as terms slots asked as before', async () => {
    const { projectId } = await flowProject();
    const original = await exported(projectId);
    const old = {
      ...original,
      slots: [{ name: 'colour', terms: ['red', 'blue'], created_at: original.exported_at, updated_at: original.exported_at }],
      sequences: original.sequences.map((sequence) => ({
        ...sequence,
        nodes: sequence.nodes.map((node) => ({
          ...node,
          attributes: node.attributes.map((attribute) =>
            attribute.slots ? { type: attribute.type, slots: [{ slot: 'colour', prompt: 'Which colour?' }] } : attribute,
          ),
        })),
      })),
    };
    expect(slotsOf(await exported(await imported(old)))).toEqual({
      slots: [{ ...defaults, name: 'colour', type: 'terms', terms: ['red', 'blue'] }],
      collected: [{ slot: 'colour', prompt: 'Which colour?', reprompt: '', max_attempts: null }],
    });
  });

  it('refuses an archive holding an unsafe pattern or an unknown locale, naming the slot, and writes nothing', async () => {
    const before = await countRows(app, slots);
    for (const [slot, detail] of [
      [{ name: 'code', type: 'pattern', pattern: '(\\w+\\s?)+$' }, `slots[0].pattern: ${slotMessages.patternUnsafe('code')}`],
      [{ name: 'day', type: 'date', locale: 'en-XX' }, `slots[0].locale: ${slotMessages.unknownLocale('day')}`],
    ] as const) {
      const now = new Date().toISOString();
      expectError(await upload({ ...emptyArchive('Bad Slots'), slots: [{ ...slot, created_at: now, updated_at: now }] }), 400, detail);
    }
    expect(await countRows(app, slots)).toBe(before);
  });
});
