import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_HANDOFF_MESSAGE,
  DEFAULT_OUT_OF_SCOPE_RESPONSE,
  DEFAULT_RESPONSE_WORD_CUTOFF,
  jargonMessages,
  messages,
  type Project,
} from '@console/contracts';
import { projects } from '../src/db/schema/index';
import { call, createSignedInUser, createWorkspaceTree, expectError, openTestDatabase, createTestApp } from './helper';

let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let viewer: Awaited<ReturnType<typeof createSignedInUser>>;
let outsider: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  editor = await createSignedInUser(app);
  viewer = await createSignedInUser(app);
  outsider = await createSignedInUser(app);
  // The outsider is an admin of another workspace.
  await createWorkspaceTree(app, [{ user: outsider.user, role: 'admin' }], 'Elsewhere');
});

async function freshProject() {
  const tree = await createWorkspaceTree(app, [
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  return tree.project.id;
}

const put = (projectId: string, body: unknown, token: string | null = editor.token) => call(app, 'PUT', `/api/v1/project/${projectId}`, token, body);
const stored = async (projectId: string) => (await app.ctx.db.select().from(projects).where(eq(projects.id, projectId)))[0]!;

describe('GET /project/{id}', () => {
  it('answers the project with its settings and jargon, new projects with the defaults', async () => {
    const projectId = await freshProject();
    const response = await call(app, 'GET', `/api/v1/project/${projectId}`, viewer.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<Project>()).toMatchObject({
      id: projectId,
      display_name: 'Acme Help',
      description: '',
      response_word_cutoff: DEFAULT_RESPONSE_WORD_CUTOFF,
      out_of_scope_response: DEFAULT_OUT_OF_SCOPE_RESPONSE,
      handoff_message: DEFAULT_HANDOFF_MESSAGE,
      pipeline_config: {},
      jargon: { mappings: [] },
      synced_at: null,
    });
  });

  it('is a 404 for a caller of another workspace', async () => {
    expectError(await call(app, 'GET', `/api/v1/project/${await freshProject()}`, outsider.token), 404);
  });
});

describe('PUT /project/{id}', () => {
  it('updates the fields sent and keeps the others, as stored and as answered', async () => {
    const projectId = await freshProject();
    const jargon = { mappings: [{ keyword: 'refund', terms: ['money back', 'reimbursement'] }] };
    const first = await put(projectId, { jargon });
    expect(first.statusCode).toBe(200);
    expect(first.json<Project>().jargon).toEqual(jargon);

    const settings = {
      display_name: 'Support Centre',
      description: 'Answers for customers',
      response_word_cutoff: 64,
      out_of_scope_response: 'Please ask our team.',
      pipeline_config: { model: 'small', thresholds: { rank: 0.4 } },
    };
    const second = await put(projectId, settings);
    expect(second.statusCode).toBe(200);
    const answered = second.json<Project>();
    // The settings form did not send the jargon: the mapping saved before is still there.
    expect(answered).toMatchObject({ ...settings, jargon });
    expect(Date.parse(answered.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.json<Project>().updated_at));

    const row = await stored(projectId);
    expect(row).toMatchObject({
      displayName: 'Support Centre',
      description: 'Answers for customers',
      responseWordCutoff: 64,
      outOfScopeResponse: 'Please ask our team.',
      pipelineConfig: settings.pipeline_config,
      jargon,
    });
    expect((await call(app, 'GET', `/api/v1/project/${projectId}`, viewer.token)).json()).toEqual(answered);

    const third = await put(projectId, { response_word_cutoff: 1024, jargon: { mappings: [] } });
    expect(third.json<Project>()).toMatchObject({ ...settings, response_word_cutoff: 1024, jargon: { mappings: [] } });
  });

  it('trims jargon keywords and terms', async () => {
    const projectId = await freshProject();
    const response = await put(projectId, { jargon: { mappings: [{ keyword: ' refund ', terms: [' money back '] }] } });
    expect(response.json<Project>().jargon).toEqual({ mappings: [{ keyword: 'refund', terms: ['money back'] }] });
  });

  it('refuses every invalid field with the spec message and writes nothing', async () => {
    const projectId = await freshProject();
    const before = await stored(projectId);
    const long = (n: number) => 'x'.repeat(n);
    const mapping = (keyword: string, terms: unknown) => ({ jargon: { mappings: [{ keyword, terms }] } });
    const cases: [unknown, string][] = [
      [{}, 'Body must name at least one field to update'],
      [{ colour: 'red' }, 'colour is not an accepted field'],
      [{ display_name: 'ab' }, messages.atLeastChars('Name', 3)],
      [{ display_name: long(129) }, messages.atMostChars('Name', 128)],
      [{ description: long(256) }, messages.atMostChars('Description', 255)],
      [{ response_word_cutoff: 15 }, messages.notLessThan('Response Word Cutoff', 16)],
      [{ response_word_cutoff: 1025 }, messages.notGreaterThan('Response Word Cutoff', 1024)],
      [{ response_word_cutoff: 20.5 }, 'Response Word Cutoff must be a whole number'],
      [{ response_word_cutoff: '64' }, 'Response Word Cutoff must be a number'],
      [{ out_of_scope_response: long(2049) }, messages.atMostChars('Out of Scope Response', 2048)],
      [{ handoff_message: long(2049) }, messages.atMostChars('Handoff Message', 2048)],
      [{ pipeline_config: [1, 2] }, 'Pipeline Config must be a JSON object'],
      [{ pipeline_config: null }, 'Pipeline Config must be a JSON object'],
      [{ jargon: [] }, 'Jargon must be an object with mappings'],
      [mapping('refund', []), jargonMessages.termsEmpty],
      [mapping('refund', undefined), jargonMessages.termsEmpty],
      [mapping('', ['money back']), messages.atLeastChars('Keyword', 1)],
      [mapping(long(256), ['money back']), messages.atMostChars('Keyword', 255)],
      [mapping('refund', ['  ']), messages.atLeastChars('Term', 1)],
      [mapping('refund', [long(256)]), messages.atMostChars('Term', 255)],
      [mapping('refund', ['money back', 'Money Back ']), jargonMessages.termsUnique],
      [
        { jargon: { mappings: [{ keyword: 'refund', terms: ['money back'] }, { keyword: 'return', terms: ['send back', 'MONEY BACK'] }] } },
        jargonMessages.termInOtherMapping,
      ],
    ];
    for (const [body, detail] of cases) {
      expectError(await put(projectId, body), 400, detail);
    }
    expect(await stored(projectId)).toEqual(before);
  });

  it('needs the update right: viewers get 403, other workspaces 404, and nothing changes', async () => {
    const projectId = await freshProject();
    const before = await stored(projectId);
    expectError(await put(projectId, { description: 'Changed' }, viewer.token), 403);
    expectError(await put(projectId, { description: 'Changed' }, outsider.token), 404);
    expectError(await put(projectId, { description: 'Changed' }, null), 401);
    expect(await stored(projectId)).toEqual(before);
  });
});
