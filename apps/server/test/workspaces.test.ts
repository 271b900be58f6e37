import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { DEFAULT_DEPLOYMENT_NAMES, roleGrantMessages, type Membership, type ProjectSummary, type Workspace } from '@console/contracts';
import { apiKeys, deployments, projectMemberships, projects, workspaceMemberships } from '../src/db/schema/index';
import { sha256 } from '../src/platform/secrets';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

let app: FastifyInstance;
let root: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  root = await createSignedInUser(app, { isSuperUser: true });
});

describe('workspaces', () => {
  it('a super user creates (active by default), members read and update, the super user deletes with everything in it', async () => {
    const created = await call(app, 'POST', '/api/v1/workspace', root.token, { display_name: 'Fresh Space' });
    expect(created.statusCode).toBe(201);
    const workspace = created.json<Workspace>();
    expect(workspace).toMatchObject({ display_name: 'Fresh Space', description: '', status: 'active', role: null });

    const editor = await createSignedInUser(app);
    await app.ctx.db.insert(workspaceMemberships).values({ workspaceId: workspace.id, userId: editor.user.id, role: 'editor' });
    expect((await call(app, 'GET', `/api/v1/workspace/${workspace.id}`, editor.token)).json()).toMatchObject({ role: 'editor' });
    const updated = await call(app, 'PUT', `/api/v1/workspace/${workspace.id}`, editor.token, {
      display_name: 'Renamed Space',
      description: 'Now described',
      status: 'blocked',
    });
    expect(updated.json()).toMatchObject({ display_name: 'Renamed Space', description: 'Now described', status: 'blocked', role: 'editor' });

    const project = (await call(app, 'POST', `/api/v1/workspace/${workspace.id}/project`, editor.token, { display_name: 'Inside' })).json<ProjectSummary>();
    const [deployment] = await app.ctx.db.select().from(deployments).where(eq(deployments.projectId, project.id));
    await app.ctx.db.insert(apiKeys).values({
      workspaceId: workspace.id,
      displayName: 'Key',
      keyHash: sha256(randomUUID()),
      hint: 'abcd',
      scopes: ['read_conversation_store'],
      resourceType: 'deployment',
      resourceId: deployment!.id,
    });

    expectError(await call(app, 'DELETE', `/api/v1/workspace/${workspace.id}`, editor.token), 403);
    expect((await call(app, 'DELETE', `/api/v1/workspace/${workspace.id}`, root.token)).statusCode).toBe(204);
    expectError(await call(app, 'GET', `/api/v1/workspace/${workspace.id}`, root.token), 404);
    expect(await countRows(app, projects, eq(projects.workspaceId, workspace.id))).toBe(0);
    expect(await countRows(app, deployments, eq(deployments.id, deployment!.id))).toBe(0);
    expect(await countRows(app, workspaceMemberships, eq(workspaceMemberships.workspaceId, workspace.id))).toBe(0);
    expect(await countRows(app, apiKeys, eq(apiKeys.workspaceId, workspace.id))).toBe(0);
  });
});

describe('projects', () => {
  it("creating a project creates its 'Production' and 'Staging' deployments, each with a random key", async () => {
    const editor = await createSignedInUser(app);
    const tree = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
    const keys: string[] = [];
    for (const name of ['First Project', 'Second Project']) {
      const created = await call(app, 'POST', `/api/v1/workspace/${tree.workspace.id}/project`, editor.token, { display_name: name, description: 'About it' });
      expect(created.statusCode).toBe(201);
      const project = created.json<ProjectSummary>();
      expect(project).toMatchObject({ workspace_id: tree.workspace.id, display_name: name, description: 'About it', synced_at: null });
      const rows = await app.ctx.db.select().from(deployments).where(eq(deployments.projectId, project.id));
      expect(rows.map((row) => row.displayName).sort()).toEqual([...DEFAULT_DEPLOYMENT_NAMES].sort());
      for (const row of rows) {
        expect(row.key).toMatch(/^[A-Za-z0-9_-]{32,}$/);
        keys.push(row.key);
      }
    }
    expect(new Set(keys).size).toBe(4);
    const listed = (await call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}/project?sort_field=display_name`, editor.token)).json<{
      records: ProjectSummary[];
      total: number;
    }>();
    expect(listed.total).toBe(3);
    expect(listed.records.map((record) => record.display_name)).toEqual(['Acme Help', 'First Project', 'Second Project']);
  });

  it('the project role is the stronger of project membership and workspace role', async () => {
    const projectAdmin = await createSignedInUser(app);
    const tree = await createWorkspaceTree(app, []);
    // No workspace role: the project membership alone lets them read and (as admin) delete the project.
    await app.ctx.db.insert(projectMemberships).values({ projectId: tree.project.id, userId: projectAdmin.user.id, role: 'admin' });
    expect((await call(app, 'GET', `/api/v1/project/${tree.project.id}`, projectAdmin.token)).json()).toMatchObject({ id: tree.project.id });
    expectError(await call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}/project`, projectAdmin.token), 404);
    expect((await call(app, 'DELETE', `/api/v1/project/${tree.project.id}`, projectAdmin.token)).statusCode).toBe(204);
    expect(await countRows(app, deployments, eq(deployments.id, tree.deployment.id))).toBe(0);

    const viewer = await createSignedInUser(app);
    const second = await createWorkspaceTree(app, [{ user: viewer.user, role: 'admin' }]);
    await app.ctx.db.insert(projectMemberships).values({ projectId: second.project.id, userId: viewer.user.id, role: 'viewer' });
    // Workspace admin beats project viewer.
    expect((await call(app, 'DELETE', `/api/v1/project/${second.project.id}`, viewer.token)).statusCode).toBe(204);
  });
});

describe('memberships', () => {
  it('adds by e-mail with the default role; unknown e-mail 404; twice 409', async () => {
    const admin = await createSignedInUser(app);
    const newcomer = await createSignedInUser(app, { displayName: 'New Comer' });
    const tree = await createWorkspaceTree(app, [{ user: admin.user, role: 'admin' }]);
    const url = `/api/v1/workspace/${tree.workspace.id}/membership`;
    const added = await call(app, 'POST', url, admin.token, { email: newcomer.email.toUpperCase() });
    expect(added.statusCode).toBe(201);
    expect(added.json<Membership>()).toMatchObject({ user_id: newcomer.user.id, display_name: 'New Comer', email: newcomer.email, role: 'viewer' });
    expectError(await call(app, 'POST', url, admin.token, { email: 'nobody-here@example.com' }), 404, 'No user with this email exists.');
    const before = await countRows(app, workspaceMemberships);
    expectError(await call(app, 'POST', url, admin.token, { email: newcomer.email, role: 'admin' }), 409, 'This user is already a member.');
    expect(await countRows(app, workspaceMemberships)).toBe(before);
    // The newcomer now reads the workspace.
    expect((await call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}`, newcomer.token)).json()).toMatchObject({ role: 'viewer' });
  });

  it('a super user without a role joins with any role, admin included; then nobody changes their own role', async () => {
    const tree = await createWorkspaceTree(app, []);
    const url = `/api/v1/workspace/${tree.workspace.id}/membership/self`;
    const joined = await call(app, 'POST', url, root.token, { role: 'admin' });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ user_id: root.user.id, role: 'admin' });
    for (const role of ['viewer', 'editor', 'admin']) expectError(await call(app, 'POST', url, root.token, { role }), 403, roleGrantMessages.ownRole);

    // A super user who is an editor here stays one: joining again would change the own role.
    const editorTree = await createWorkspaceTree(app, [{ user: root.user, role: 'editor' }]);
    const rejoin = await call(app, 'POST', `/api/v1/workspace/${editorTree.workspace.id}/membership/self`, root.token, { role: 'admin' });
    expectError(rejoin, 403, roleGrantMessages.ownRole);
    expect((await call(app, 'GET', `/api/v1/workspace/${editorTree.workspace.id}`, root.token)).json()).toMatchObject({ role: 'editor' });
  });

  it('members grant at most their own role: an editor cannot make anyone admin, so cannot have the admin removed', async () => {
    const admin = await createSignedInUser(app);
    const editor = await createSignedInUser(app);
    const [accomplice, second, third] = [await createSignedInUser(app), await createSignedInUser(app), await createSignedInUser(app)];
    const tree = await createWorkspaceTree(app, [
      { user: admin.user, role: 'admin' },
      { user: editor.user, role: 'editor' },
    ]);
    const url = `/api/v1/workspace/${tree.workspace.id}/membership`;
    expectError(await call(app, 'POST', url, editor.token, { email: accomplice.email, role: 'admin' }), 403, roleGrantMessages.adminOnly);
    expect(await countRows(app, workspaceMemberships, eq(workspaceMemberships.userId, accomplice.user.id))).toBe(0);
    expectError(await call(app, 'DELETE', `${url}/${tree.memberships[admin.user.id]!}`, accomplice.token), 404);

    expect((await call(app, 'POST', url, editor.token, { email: second.email, role: 'editor' })).json()).toMatchObject({ role: 'editor' });
    expect((await call(app, 'POST', url, editor.token, { email: third.email, role: 'viewer' })).json()).toMatchObject({ role: 'viewer' });
    const promoted = await call(app, 'POST', url, admin.token, { email: accomplice.email, role: 'admin' });
    expect(promoted.statusCode).toBe(201);
    expect(promoted.json()).toMatchObject({ user_id: accomplice.user.id, role: 'admin' });
  });

  it('nobody adds themself: that would change their own role', async () => {
    const admin = await createSignedInUser(app);
    const editor = await createSignedInUser(app);
    const tree = await createWorkspaceTree(app, [
      { user: admin.user, role: 'admin' },
      { user: editor.user, role: 'editor' },
    ]);
    const url = `/api/v1/workspace/${tree.workspace.id}/membership`;
    expectError(await call(app, 'POST', url, admin.token, { email: admin.email, role: 'viewer' }), 403, roleGrantMessages.ownRole);
    expectError(await call(app, 'POST', url, editor.token, { email: editor.email, role: 'admin' }), 403, roleGrantMessages.ownRole);
    expect((await call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}`, editor.token)).json()).toMatchObject({ role: 'editor' });
  });

  it('admins delete other rows of their workspace; never their own; a row of another workspace is 404', async () => {
    const admin = await createSignedInUser(app);
    const member = await createSignedInUser(app);
    const tree = await createWorkspaceTree(app, [
      { user: admin.user, role: 'admin' },
      { user: member.user, role: 'editor' },
    ]);
    const other = await createWorkspaceTree(app, [{ user: member.user, role: 'viewer' }]);
    const url = (membershipId: string) => `/api/v1/workspace/${tree.workspace.id}/membership/${membershipId}`;
    expectError(await call(app, 'DELETE', url(tree.memberships[admin.user.id]!), admin.token), 403);
    expectError(await call(app, 'DELETE', url(other.memberships[member.user.id]!), admin.token), 404);
    expectError(await call(app, 'DELETE', url(randomUUID()), admin.token), 404);
    expect((await call(app, 'DELETE', url(tree.memberships[member.user.id]!), admin.token)).statusCode).toBe(204);
    expectError(await call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}`, member.token), 404);
    expect(await countRows(app, workspaceMemberships, eq(workspaceMemberships.id, other.memberships[member.user.id]!))).toBe(1);
  });
});
