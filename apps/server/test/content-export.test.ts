import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { CONTENT_EXPORT_COLUMNS, type Content } from '@console/contracts';
import { contents, sources } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let admin: SignedIn;
let viewer: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  [admin, viewer, stranger] = await Promise.all([createSignedInUser(app), createSignedInUser(app), createSignedInUser(app)]);
});

async function newProject() {
  const tree = await createWorkspaceTree(app, [
    { user: admin.user, role: 'admin' },
    { user: viewer.user, role: 'viewer' },
  ]);
  return tree.project.id;
}

async function createItem(projectId: string, subject: string, extra: { utterances?: string[]; actions?: unknown[]; response?: unknown; status?: string } = {}) {
  const created = await call(app, 'POST', `/api/v1/project/${projectId}/content`, admin.token, { subject });
  expect(created.statusCode, created.body).toBe(201);
  const item = created.json<Content>();
  for (const text of extra.utterances ?? []) {
    expect((await call(app, 'POST', `/api/v1/content/${item.id}/utterance`, admin.token, { text })).statusCode).toBe(201);
  }
  for (const action of extra.actions ?? []) {
    expect((await call(app, 'POST', `/api/v1/content/${item.id}/action`, admin.token, action)).statusCode).toBe(201);
  }
  if (extra.response) expect((await call(app, 'PUT', `/api/v1/content/${item.id}/response`, admin.token, { response_pm: extra.response })).statusCode).toBe(200);
  if (extra.status) expect((await call(app, 'PUT', `/api/v1/content/${item.id}`, admin.token, { subject, status: extra.status })).statusCode).toBe(200);
  return (await call(app, 'GET', `/api/v1/content/${item.id}`, admin.token)).json<Content>();
}

function download(projectId: string, token = viewer.token) {
  return call(app, 'GET', `/api/v1/project/${projectId}/content/utterances`, token);
}

/** The file as a spreadsheet reads it: the header row and one object per record. */
function readCsv(raw: Buffer) {
  const rows = parse(raw, { bom: true }) as string[][];
  const [header, ...records] = rows;
  return { header, records: records.map((values) => Object.fromEntries(header!.map((column, index) => [column, values[index]]))) };
}

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('content export', () => {
  it('downloads {projectId}_contents.csv as UTF-8 with a BOM and CRLF line ends', async () => {
    const projectId = await newProject();
    await createItem(projectId, 'Opening hours', { utterances: ['When are you open?'] });
    const response = await download(projectId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const fileName = `${projectId}_contents.csv`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.rawPayload.toString('utf8');
    expect(text.split('\r\n')).toHaveLength(3); // header, one record, and the final line end
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    expect(readCsv(response.rawPayload).header).toEqual([...CONTENT_EXPORT_COLUMNS]);
  });

  it('writes every item with quotes, commas, line breaks and non-ASCII intact, multi-values joined with " | "', async () => {
    const projectId = await newProject();
    const tricky = await createItem(projectId, 'Café "Ünïcode", 日本語', {
      utterances: ['Is it "open", today?', 'Öffnungszeiten\nam Sonntag', 'Ça va'],
      actions: [
        { type: 'query', config: { label: 'Costs, fees', utterance: 'What does it cost?' } },
        { type: 'event', config: { label: 'Chat 💬', event: 'open_chat' } },
      ],
      response: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Hours' }] },
          paragraph('We open at 9, close at "5".'),
          { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('Sundays: closed')] }] },
        ],
      },
    });
    const plain = await createItem(projectId, 'a plain item', { status: 'candidate' });
    const inactive = await createItem(projectId, 'Zebra crossing', { status: 'inactive' });

    const { records } = readCsv((await download(projectId)).rawPayload);
    // Every status, ordered by subject regardless of case.
    expect(records.map((record) => record.subject)).toEqual(['a plain item', 'Café "Ünïcode", 日本語', 'Zebra crossing']);
    expect(records[1]).toEqual({
      id: tricky.id,
      reporting_id: tricky.reporting_id,
      subject: 'Café "Ünïcode", 日本語',
      status: 'active',
      source_id: '',
      utterances: 'Is it "open", today? | Öffnungszeiten\nam Sonntag | Ça va',
      response: 'Hours\nWe open at 9, close at "5".\nSundays: closed',
      actions: 'Costs, fees | Chat 💬',
      num_response_words: '10',
      created_at: tricky.created_at,
      updated_at: tricky.updated_at,
    });
    expect(records[0]).toMatchObject({ id: plain.id, status: 'candidate', utterances: '', actions: '', response: '', num_response_words: '0' });
    expect(records[2]).toMatchObject({ id: inactive.id, status: 'inactive' });
  });

  it('names the source of items that have one', async () => {
    const projectId = await newProject();
    const [source] = await app.ctx.db.insert(sources).values({ projectId, displayName: 'Handbook', type: 'rich_editor' }).returning();
    const created = await call(app, 'POST', `/api/v1/project/${projectId}/content`, admin.token, { subject: 'Sourced', source_id: source!.id });
    expect(created.statusCode).toBe(201);
    expect(readCsv((await download(projectId)).rawPayload).records[0]).toMatchObject({ subject: 'Sourced', source_id: source!.id });
  });

  it('keeps a spreadsheet from running cells as formulas', async () => {
    const projectId = await newProject();
    await createItem(projectId, '=HYPERLINK("https://evil.example","Click")', { utterances: ['+1 for shipping', '@mention'] });
    await createItem(projectId, 'Plain', { utterances: ['-5% off'], response: { type: 'doc', content: [paragraph('=1+1')] } });
    const { records } = readCsv((await download(projectId)).rawPayload);
    expect(records.map((record) => [record.subject, record.utterances, record.response])).toEqual([
      [`'=HYPERLINK("https://evil.example","Click")`, `'+1 for shipping | @mention`, ''],
      ['Plain', `'-5% off`, `'=1+1`],
    ]);
  });

  it('writes only the header for a project without content', async () => {
    const projectId = await newProject();
    const response = await download(projectId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('utf8')).toBe(`\uFEFF${CONTENT_EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it('exports a project larger than one batch, every item once, in order', async () => {
    const projectId = await newProject();
    const subjects = Array.from({ length: 450 }, (_, index) => `Item ${String(index).padStart(3, '0')}`);
    // Equal subjects in different case sort together and still come out once each.
    subjects.push('item 100', 'ITEM 100');
    await app.ctx.db.insert(contents).values(
      subjects.map((subject) => ({ projectId, subject, status: 'active' as const, responsePm: { type: 'doc' as const } })),
    );
    const { records } = readCsv((await download(projectId)).rawPayload);
    expect(records).toHaveLength(subjects.length);
    expect(new Set(records.map((record) => record.id)).size).toBe(subjects.length);
    const exported = records.map((record) => record.subject!);
    expect(exported.map((subject) => subject.toLowerCase())).toEqual([...exported].map((subject) => subject.toLowerCase()).sort());
    expect([...exported].sort()).toEqual([...subjects].sort());
  });

  it('is for readers of the project only', async () => {
    const projectId = await newProject();
    expectError(await download(projectId, stranger.token), 404);
    expectError(await download(randomUUID(), admin.token), 404);
    expectError(await call(app, 'GET', `/api/v1/project/${projectId}/content/utterances`, null), 401);
  });
});
