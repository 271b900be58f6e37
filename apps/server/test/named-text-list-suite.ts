import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { LIST_MAX_ITEMS, messages, type ListResponse } from '@console/contracts';
import type { ProjectRecordTable } from '../src/platform/project-records';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

/**
 * The API tests of a project record made of a name, unique in its project, and a list of unique
 * texts (intents and their utterances, slots and their terms): each kind's test file calls
 * `describeNamedTextList` with its names, messages and sample values.
 */
interface NamedTextList {
  /** The path segment and noun ('intent'), and the noun with its article ('an intent'). */
  kind: string;
  a: string;
  table: ProjectRecordTable;
  /** The field (body, record and column) of the name and of the list, and how messages name the list and one line. */
  fields: { name: string; list: string; listLabel: string; item: string; nameMax: number };
  messages: { required: string; unique: string; nameTaken: string };
  samples: {
    /** A record's name and text; another text, a replacing one and one sent with a taken name. */
    first: { name: string; text: string; alsoText: string; newText: string; takenText: string };
    second: { name: string; text: string };
    /** Names created for the list, in ascending order, and a `like` filter with what it finds. */
    listed: { names: string[]; sorted: string[]; like: string; found: string[] };
  };
}

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type Answer = { id: string; project_id: string; created_at: string } & Record<string, unknown>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function describeNamedTextList({ kind, a, table, fields, messages: kindMessages, samples }: NamedTextList) {
  const { name, list, listLabel, item, nameMax } = fields;
  const { first, second, listed } = samples;
  const many = `${kind}s`;
  let app: FastifyInstance;
  let admin: SignedIn;
  let editor: SignedIn;
  let viewer: SignedIn;
  let outsider: SignedIn;

  beforeAll(async () => {
    app = await createTestApp(await openTestDatabase());
    [admin, editor, viewer, outsider] = await Promise.all([createSignedInUser(app), createSignedInUser(app), createSignedInUser(app), createSignedInUser(app)]);
    await createWorkspaceTree(app, [{ user: outsider.user, role: 'admin' }], 'Elsewhere');
  });

  async function freshProject() {
    const tree = await createWorkspaceTree(app, [
      { user: admin.user, role: 'admin' },
      { user: editor.user, role: 'editor' },
      { user: viewer.user, role: 'viewer' },
    ]);
    return tree.project.id;
  }

  const body = (recordName: string, texts: string[]) => ({ [name]: recordName, [list]: texts });
  const create = (projectId: string, payload: unknown, token: string = editor.token) => call(app, 'POST', `/api/v1/project/${projectId}/${kind}`, token, payload);
  const one = (id: string) => `/api/v1/${kind}/${id}`;
  async function created(projectId: string, recordName: string, texts: string[]) {
    const response = await create(projectId, body(recordName, texts));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Answer>();
  }
  const stored = (id: string) => app.ctx.db.select().from(table).where(eq(table.id, id)).then((rows) => rows[0]);

  describe(many, () => {
    it(`creates, reads, updates and deletes ${a}, with names and ${list} trimmed`, async () => {
      const projectId = await freshProject();
      const record = await created(projectId, ` ${first.name} `, [` ${first.text} `, first.alsoText]);
      expect(record).toMatchObject({ project_id: projectId, ...body(first.name, [first.text, first.alsoText]) });
      expect(await stored(record.id)).toMatchObject({ projectId, ...body(first.name, [first.text, first.alsoText]) });
      expect((await call(app, 'GET', one(record.id), viewer.token)).json()).toEqual(record);

      const renamed = body(capitalised(first.name), [first.newText]);
      const updated = await call(app, 'PUT', one(record.id), editor.token, renamed);
      expect(updated.statusCode).toBe(200);
      expect(updated.json<Answer>()).toMatchObject({ id: record.id, ...renamed, created_at: record.created_at });
      expect(await stored(record.id)).toMatchObject(renamed);

      expect((await call(app, 'DELETE', one(record.id), admin.token)).statusCode).toBe(204);
      expect(await stored(record.id)).toBeUndefined();
      expectError(await call(app, 'GET', one(record.id), admin.token), 404);
    });

    it(`lists a project's ${many} with paging, sorting and filters`, async () => {
      const projectId = await freshProject();
      const other = await freshProject();
      await created(other, 'elsewhere', ['not here']);
      for (const listedName of listed.names) await created(projectId, listedName, [`about ${listedName}`]);
      const page = async (query: string) => {
        const response = await call(app, 'GET', `/api/v1/project/${projectId}/${kind}${query}`, viewer.token);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ListResponse<Answer>>();
      };
      const names = (answer: ListResponse<Answer>) => answer.records.map((record) => record[name]);
      const all = await page(`?sort_field=${name}&sort_direction=ascending`);
      expect(all.total).toBe(3);
      expect(names(all)).toEqual(listed.sorted);
      const secondPage = await page(`?sort_field=${name}&sort_direction=ascending&limit=1&offset=1`);
      expect([secondPage.total, names(secondPage)]).toEqual([3, [listed.sorted[1]]]);
      expect(names(await page(`?${name}__like=${listed.like}`)).sort()).toEqual(listed.found);
      expect((await page(`?${name}__eq=${first.name}`)).total).toBe(1);
      expect((await page(`?updated_at__gte=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
      expectError(await call(app, 'GET', `/api/v1/project/${projectId}/${kind}?sort_field=${list}`, viewer.token), 400);
    });

    it('refuses invalid bodies with the contract messages and writes nothing', async () => {
      const projectId = await freshProject();
      const existing = await created(projectId, first.name, [first.text]);
      const long = (n: number) => 'x'.repeat(n);
      const cases: [unknown, string][] = [
        [body('', [first.text]), messages.atLeastChars('Name', 1)],
        [body('   ', [first.text]), messages.atLeastChars('Name', 1)],
        [{ [list]: [first.text] }, messages.atLeastChars('Name', 1)],
        [body(long(nameMax + 1), [first.text]), messages.atMostChars('Name', nameMax)],
        [body(long(nameMax), [long(256)]), messages.atMostChars(item, 255)],
        [body(second.name, []), kindMessages.required],
        [{ [name]: second.name }, kindMessages.required],
        [body(second.name, ['']), messages.atLeastChars(item, 1)],
        [body(second.name, [long(256)]), messages.atMostChars(item, 255)],
        [body(second.name, [capitalised(second.text), ` ${second.text} `]), kindMessages.unique],
        [body(second.name, Array.from({ length: LIST_MAX_ITEMS + 1 }, (_, i) => `${second.text} ${i}`)), messages.atMostItems(listLabel, LIST_MAX_ITEMS)],
        [{ ...body(second.name, [second.text]), colour: 'red' }, 'colour is not an accepted field'],
      ];
      const before = await countRows(app, table);
      for (const [payload, detail] of cases) {
        expectError(await create(projectId, payload), 400, detail);
        expectError(await call(app, 'PUT', one(existing.id), editor.token, payload), 400, detail);
      }
      expect(await countRows(app, table)).toBe(before);
      expect(await stored(existing.id)).toMatchObject(body(first.name, [first.text]));
    });

    it('keeps names unique in a project regardless of case (409), but not across projects', async () => {
      const projectId = await freshProject();
      const firstRecord = await created(projectId, first.name, [first.text]);
      const secondRecord = await created(projectId, second.name, [second.text]);
      expectError(await create(projectId, body(first.name.toUpperCase(), [first.takenText])), 409, kindMessages.nameTaken);
      expectError(await call(app, 'PUT', one(secondRecord.id), editor.token, body(`${capitalised(first.name)} `, [second.text])), 409, kindMessages.nameTaken);
      expect(await stored(secondRecord.id)).toMatchObject({ [name]: second.name });
      // Renaming a record to its own name in another case is no conflict.
      expect((await call(app, 'PUT', one(firstRecord.id), editor.token, body(capitalised(first.name), [first.text]))).statusCode).toBe(200);
      await created(await freshProject(), first.name, [first.text]);
    });

    it('reads for every member, writes for editors, deletes for admins; other workspaces get 404', async () => {
      const projectId = await freshProject();
      const record = await created(projectId, first.name, [first.text]);
      const payload = body(second.name, [second.text]);
      const before = await countRows(app, table);
      expectError(await create(projectId, payload, viewer.token), 403);
      expectError(await call(app, 'PUT', one(record.id), viewer.token, payload), 403);
      expectError(await call(app, 'DELETE', one(record.id), editor.token), 403);
      for (const [method, url] of [
        ['GET', `/api/v1/project/${projectId}/${kind}`],
        ['POST', `/api/v1/project/${projectId}/${kind}`],
        ['GET', one(record.id)],
        ['PUT', one(record.id)],
        ['DELETE', one(record.id)],
      ] as const) {
        expectError(await call(app, method, url, outsider.token, method === 'POST' || method === 'PUT' ? payload : undefined), 404);
      }
      expect(await countRows(app, table)).toBe(before);
      expect(await stored(record.id)).toMatchObject(body(first.name, [first.text]));
      expectError(await call(app, 'GET', one('00000000-0000-4000-8000-000000000000'), admin.token), 404);
      expectError(await call(app, 'GET', one(first.name), admin.token), 400, 'Id must be a valid UUID.');
    });
  });
}
