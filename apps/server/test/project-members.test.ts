import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { messages, roleGrantMessages, type ListResponse, type ProjectMembership } from '@console/contracts';
import { projectMemberships, workspaceMemberships } from '../src/db/schema/index';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let outsider: SignedIn;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  outsider = await createSignedInUser(app, { displayName: 'Olga Outsider' });
  await createWorkspaceTree(app, [{ user: outsider.user, role: 'admin' }], 'Elsewhere');
});

/**
 * A workspace with admin Ada, editor Ed and viewer Vi; on its project Ed also has a direct admin
 * role and Pat (no workspace role) a direct editor role.
 */
async function team() {
  const ada = await createSignedInUser(app, { displayName: 'Ada Admin' });
  const ed = await createSignedInUser(app, { displayName: 'Ed Editor' });
  const vi = await createSignedInUser(app, { displayName: 'Vi Viewer' });
  const pat = await createSignedInUser(app, { displayName: 'Pat Project' });
  const tree = await createWorkspaceTree(app, [
    { user: ada.user, role: 'admin' },
    { user: ed.user, role: 'editor' },
    { user: vi.user, role: 'viewer' },
  ]);
  const [edDirect] = await app.ctx.db.insert(projectMemberships).values({ projectId: tree.project.id, userId: ed.user.id, role: 'admin' }).returning();
  const [patDirect] = await app.ctx.db.insert(projectMemberships).values({ projectId: tree.project.id, userId: pat.user.id, role: 'editor' }).returning();
  return { tree, projectId: tree.project.id, ada, ed, vi, pat, edDirect: edDirect!, patDirect: patDirect! };
}

const list = async (projectId: string, token: string, query = '') => {
  const response = await call(app, 'GET', `/api/v1/project/${projectId}/membership${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListResponse<ProjectMembership>>();
};

describe('GET /project/{id}/membership', () => {
  it('lists everyone with a role on the project: direct roles with their id, workspace roles as inherited_role, one row each', async () => {
    const { projectId, ada, ed, vi, pat, edDirect, patDirect } = await team();
    const page = await list(projectId, pat.token, '?sort_field=display_name&sort_direction=ascending');
    expect(page.total).toBe(4);
    expect(page.records.map(({ updated_at: _updated, ...row }) => row)).toEqual([
      { id: null, user_id: ada.user.id, display_name: 'Ada Admin', email: ada.email, role: null, inherited_role: 'admin' },
      { id: edDirect.id, user_id: ed.user.id, display_name: 'Ed Editor', email: ed.email, role: 'admin', inherited_role: 'editor' },
      { id: patDirect.id, user_id: pat.user.id, display_name: 'Pat Project', email: pat.email, role: 'editor', inherited_role: null },
      { id: null, user_id: vi.user.id, display_name: 'Vi Viewer', email: vi.email, role: null, inherited_role: 'viewer' },
    ]);
    for (const record of page.records) expect(Number.isNaN(Date.parse(record.updated_at))).toBe(false);
  });

  it('pages, sorts and filters in the query', async () => {
    const { projectId, ada } = await team();
    const names = async (query: string) => (await list(projectId, ada.token, query)).records.map((record) => record.display_name);
    const second = await list(projectId, ada.token, '?sort_field=display_name&sort_direction=descending&limit=2&offset=2');
    expect(second.total).toBe(4);
    expect(second.records.map((record) => record.display_name)).toEqual(['Ed Editor', 'Ada Admin']);
    expect(await names('?role__eq=editor')).toEqual(['Pat Project']);
    expect(await names('?inherited_role__eq=viewer')).toEqual(['Vi Viewer']);
    expect(await names('?role__neq=admin&sort_field=display_name&sort_direction=ascending')).toEqual(['Ada Admin', 'Pat Project', 'Vi Viewer']);
    expect(await names('?display_name__like=ed&sort_field=email')).toEqual(['Ed Editor']);
    expect(await names('?email__like=%25')).toEqual([]);
    const filtered = await list(projectId, ada.token, '?inherited_role__neq=admin&limit=1');
    expect(filtered.total).toBe(3);
    expect(filtered.records).toHaveLength(1);
    expectError(await call(app, 'GET', `/api/v1/project/${projectId}/membership?sort_field=user_id`, ada.token), 400);
    expectError(await call(app, 'GET', `/api/v1/project/${projectId}/membership?role__eq=owner`, ada.token), 400, messages.oneOf('role', ['admin', 'editor', 'viewer']));
  });

  it('is a 404 for callers of other workspaces and 401 without a token', async () => {
    const { projectId } = await team();
    expectError(await call(app, 'GET', `/api/v1/project/${projectId}/membership`, outsider.token), 404);
    expectError(await call(app, 'GET', `/api/v1/project/${projectId}/membership`), 401);
  });
});

describe('POST /project/{id}/membership', () => {
  it('gives an existing user a direct role (viewer by default), found by e-mail in any case', async () => {
    const { projectId, ed, vi } = await team();
    const newcomer = await createSignedInUser(app, { displayName: 'Nia Newcomer' });
    const added = await call(app, 'POST', `/api/v1/project/${projectId}/membership`, ed.token, { email: ` ${newcomer.email.toUpperCase()} ` });
    expect(added.statusCode, added.body).toBe(201);
    const row = added.json<ProjectMembership>();
    expect(row).toMatchObject({ user_id: newcomer.user.id, display_name: 'Nia Newcomer', email: newcomer.email, role: 'viewer', inherited_role: null });
    const [stored] = await app.ctx.db.select().from(projectMemberships).where(eq(projectMemberships.id, row.id!));
    expect(stored).toMatchObject({ projectId, userId: newcomer.user.id, role: 'viewer' });

    // A workspace member gains a direct role beside the inherited one: still one row.
    const direct = await call(app, 'POST', `/api/v1/project/${projectId}/membership`, ed.token, { email: vi.email, role: 'editor' });
    expect(direct.json<ProjectMembership>()).toMatchObject({ user_id: vi.user.id, role: 'editor', inherited_role: 'viewer' });
    expect((await list(projectId, ed.token)).total).toBe(5);
  });

  it('refuses unknown e-mails (404), existing direct members (409) and bad input (400), writing nothing', async () => {
    const { projectId, ada, pat } = await team();
    const before = await countRows(app, projectMemberships);
    const add = (body: unknown) => call(app, 'POST', `/api/v1/project/${projectId}/membership`, ada.token, body);
    expectError(await add({ email: 'nobody-here@example.com' }), 404, 'No user with this email exists.');
    expectError(await add({ email: pat.email, role: 'viewer' }), 409, 'This user is already a member.');
    expectError(await add({ email: 'a@b' }), 400, messages.atLeastChars('Email', 4));
    expectError(await add({ email: `${'x'.repeat(250)}@example.com` }), 400, messages.atMostChars('Email', 256));
    expectError(await add({ email: pat.email, role: 'owner' }), 400, 'Role must be one of admin, editor, viewer');
    expectError(await add({ role: 'viewer' }), 400, messages.atLeastChars('Email', 4));
    expect(await countRows(app, projectMemberships)).toBe(before);
  });

  it('needs the create right: viewers 403, other workspaces 404', async () => {
    const { projectId, vi } = await team();
    const newcomer = await createSignedInUser(app);
    const before = await countRows(app, projectMemberships);
    expectError(await call(app, 'POST', `/api/v1/project/${projectId}/membership`, vi.token, { email: newcomer.email }), 403);
    expectError(await call(app, 'POST', `/api/v1/project/${projectId}/membership`, outsider.token, { email: newcomer.email }), 404);
    expect(await countRows(app, projectMemberships)).toBe(before);
  });
});

describe('POST /project/{id}/membership: the role granted', () => {
  it("a workspace editor cannot make themself project admin, so cannot then delete the project", async () => {
    const { tree, projectId } = await team();
    const eve = await createSignedInUser(app, { displayName: 'Eve Editor' });
    await app.ctx.db.insert(workspaceMemberships).values({ workspaceId: tree.workspace.id, userId: eve.user.id, role: 'editor' });
    const before = await countRows(app, projectMemberships);
    const add = (role: string) => call(app, 'POST', `/api/v1/project/${projectId}/membership`, eve.token, { email: eve.email, role });
    expectError(await add('admin'), 403, roleGrantMessages.ownRole);
    expectError(await add('editor'), 403, roleGrantMessages.ownRole);
    expect(await countRows(app, projectMemberships)).toBe(before);
    expectError(await call(app, 'DELETE', `/api/v1/project/${projectId}`, eve.token), 403);
  });

  it('an editor gives others viewer or editor, never admin', async () => {
    const { projectId, pat } = await team();
    const [first, second, third] = [await createSignedInUser(app), await createSignedInUser(app), await createSignedInUser(app)];
    const add = (email: string, role: string) => call(app, 'POST', `/api/v1/project/${projectId}/membership`, pat.token, { email, role });
    expectError(await add(first.email, 'admin'), 403, roleGrantMessages.adminOnly);
    expect(await countRows(app, projectMemberships, eq(projectMemberships.userId, first.user.id))).toBe(0);
    expect((await add(second.email, 'editor')).json<ProjectMembership>()).toMatchObject({ user_id: second.user.id, role: 'editor' });
    expect((await add(third.email, 'viewer')).json<ProjectMembership>()).toMatchObject({ user_id: third.user.id, role: 'viewer' });
  });

  it("an admin gives admin; the effective role counts, a workspace editor with a direct project admin role included", async () => {
    const { projectId, ada, ed } = await team();
    const [first, second] = [await createSignedInUser(app), await createSignedInUser(app)];
    const byAda = await call(app, 'POST', `/api/v1/project/${projectId}/membership`, ada.token, { email: first.email, role: 'admin' });
    expect(byAda.json<ProjectMembership>()).toMatchObject({ user_id: first.user.id, role: 'admin' });
    const byEd = await call(app, 'POST', `/api/v1/project/${projectId}/membership`, ed.token, { email: second.email, role: 'admin' });
    expect(byEd.json<ProjectMembership>()).toMatchObject({ user_id: second.user.id, role: 'admin' });
  });

  it('nobody changes their own role, not even an admin', async () => {
    const { projectId, ada, ed } = await team();
    const before = await countRows(app, projectMemberships);
    for (const [caller, role] of [[ada, 'viewer'], [ada, 'admin'], [ed, 'editor']] as const) {
      const response = await call(app, 'POST', `/api/v1/project/${projectId}/membership`, caller.token, { email: caller.email, role });
      expectError(response, 403, roleGrantMessages.ownRole);
    }
    expect(await countRows(app, projectMemberships)).toBe(before);
  });
});

describe('DELETE /project/{id}/membership/{membershipId}', () => {
  it('removes a direct role; a person with a workspace role stays listed with the inherited role and no id', async () => {
    const { projectId, ada, ed, pat, edDirect, patDirect } = await team();
    expect((await call(app, 'DELETE', `/api/v1/project/${projectId}/membership/${patDirect.id}`, ada.token)).statusCode).toBe(204);
    expect(await countRows(app, projectMemberships, eq(projectMemberships.id, patDirect.id))).toBe(0);
    expect((await call(app, 'DELETE', `/api/v1/project/${projectId}/membership/${edDirect.id}`, ada.token)).statusCode).toBe(204);
    const rows = (await list(projectId, ada.token)).records;
    expect(rows.map((row) => row.user_id)).not.toContain(pat.user.id);
    expect(rows.find((row) => row.user_id === ed.user.id)).toMatchObject({ id: null, role: null, inherited_role: 'editor' });
  });

  it("never removes the caller's own row, a row without a role, or another project's membership; needs the delete right", async () => {
    const { tree, projectId, ada, ed, vi, pat, edDirect, patDirect } = await team();
    const [adaDirect] = await app.ctx.db.insert(projectMemberships).values({ projectId, userId: ada.user.id, role: 'admin' }).returning();
    const other = await createWorkspaceTree(app, [{ user: ada.user, role: 'admin' }], 'Second');
    const [foreignRow] = await app.ctx.db.insert(projectMemberships).values({ projectId: other.project.id, userId: pat.user.id, role: 'viewer' }).returning();
    const before = await countRows(app, projectMemberships);
    const remove = (membershipId: string, token: string) => call(app, 'DELETE', `/api/v1/project/${projectId}/membership/${membershipId}`, token);

    // Own row: Ada, admin here, may delete others but not herself; Ed (direct admin) likewise.
    expectError(await remove(adaDirect!.id, ada.token), 403);
    expectError(await remove(edDirect.id, ed.token), 403);
    // Rows without a direct role have no id; the workspace membership behind one is not a project membership.
    const viRow = (await list(projectId, ada.token)).records.find((row) => row.user_id === vi.user.id);
    expect(viRow).toMatchObject({ id: null, role: null });
    expectError(await remove(tree.memberships[vi.user.id]!, ada.token), 404);
    // A membership of another project, even one the caller administers.
    expectError(await remove(foreignRow!.id, ada.token), 404);
    // Editors and viewers lack the delete right; other workspaces do not see the project.
    expectError(await remove(patDirect.id, pat.token), 403);
    expectError(await remove(patDirect.id, vi.token), 403);
    expectError(await remove(patDirect.id, outsider.token), 404);
    expectError(await call(app, 'DELETE', `/api/v1/project/${projectId}/membership/not-an-id`, ada.token), 400, 'Membership Id must be a valid UUID.');

    expect(await countRows(app, projectMemberships)).toBe(before);
    expect(await countRows(app, workspaceMemberships, eq(workspaceMemberships.workspaceId, tree.workspace.id))).toBe(3);
  });
});
