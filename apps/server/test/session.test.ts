import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@console/contracts';
import { deployments, projectMemberships, projects, workspaceMemberships, workspaces } from '../src/db/schema/index';
import { createTestApp, createTestUser, expectError, get, openTestDatabase, signIn } from './helper';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase(), { staffEmailDomain: 'staff.example' });
});

/** A workspace with one project and one deployment, and the given memberships. */
async function createTree(memberships: { userId: string; workspaceRole?: Role; projectRole?: Role }[]) {
  const { db } = app.ctx;
  const [workspace] = await db.insert(workspaces).values({ displayName: 'Acme', status: 'active' }).returning();
  const [project] = await db.insert(projects).values({ workspaceId: workspace!.id, displayName: 'Help Desk', syncedAt: new Date('2026-01-02T03:04:05Z') }).returning();
  const [deployment] = await db.insert(deployments).values({ projectId: project!.id, displayName: 'Web', key: crypto.randomUUID() }).returning();
  for (const member of memberships) {
    if (member.workspaceRole) await db.insert(workspaceMemberships).values({ workspaceId: workspace!.id, userId: member.userId, role: member.workspaceRole });
    if (member.projectRole) await db.insert(projectMemberships).values({ projectId: project!.id, userId: member.userId, role: member.projectRole });
  }
  return { workspace: workspace!, project: project!, deployment: deployment! };
}

async function readSession(token: string, ids: { workspace?: string; project?: string; deployment?: string }) {
  const query = new URLSearchParams(ids as Record<string, string>).toString();
  const response = await get(app, `/api/v1/session?${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/v1/session', () => {
  it('answers the version and the user, with the staff flag from the e-mail domain', async () => {
    const staff = await createTestUser(app, { email: `${crypto.randomUUID().slice(0, 8)}@staff.example`, isSuperUser: true });
    const session = await readSession((await signIn(app, staff.email)).token, {});
    expect(session).toEqual({
      version: '9.9.9-test',
      user: { id: staff.user.id, email: staff.email, display_name: 'Test User', is_super_user: true, is_staff: true },
      workspace: null,
      workspace_role: null,
      project: null,
      project_role: null,
      deployment: null,
      deployment_role: null,
    });
    const plain = await createTestUser(app);
    expect((await readSession((await signIn(app, plain.email)).token, {})).user.is_staff).toBe(false);
  });

  it('answers the entities and the effective roles', async () => {
    const { user, email } = await createTestUser(app);
    const tree = await createTree([{ userId: user.id, workspaceRole: 'viewer', projectRole: 'editor' }]);
    const session = await readSession((await signIn(app, email)).token, {
      workspace: tree.workspace.id,
      project: tree.project.id,
      deployment: tree.deployment.id,
    });
    expect(session.workspace).toEqual({ id: tree.workspace.id, display_name: 'Acme' });
    expect(session.workspace_role).toBe('viewer');
    expect(session.project).toEqual({ id: tree.project.id, display_name: 'Help Desk', synced_at: '2026-01-02T03:04:05.000Z' });
    expect(session.project_role).toBe('editor');
    expect(session.deployment).toEqual({ id: tree.deployment.id, deployed_at: null });
    expect(session.deployment_role).toBe('editor');
  });

  it.each([
    { workspaceRole: 'admin', projectRole: 'viewer', expected: 'admin' },
    { workspaceRole: 'editor', projectRole: undefined, expected: 'editor' },
    { workspaceRole: undefined, projectRole: 'viewer', expected: 'viewer' },
  ] as const)('project role is the stronger of $workspaceRole (workspace) and $projectRole (project)', async ({ workspaceRole, projectRole, expected }) => {
    const { user, email } = await createTestUser(app);
    const tree = await createTree([{ userId: user.id, workspaceRole, projectRole }]);
    const session = await readSession((await signIn(app, email)).token, { project: tree.project.id, deployment: tree.deployment.id });
    expect(session.project_role).toBe(expected);
    expect(session.deployment_role).toBe(expected);
  });

  it('answers null for foreign, unknown and malformed ids, leaking nothing', async () => {
    const owner = await createTestUser(app);
    const tree = await createTree([{ userId: owner.user.id, workspaceRole: 'admin' }]);
    const stranger = await createTestUser(app, { isSuperUser: true });
    const token = (await signIn(app, stranger.email)).token;
    const nulls = { workspace: null, workspace_role: null, project: null, project_role: null, deployment: null, deployment_role: null };

    const foreign = await readSession(token, { workspace: tree.workspace.id, project: tree.project.id, deployment: tree.deployment.id });
    expect(foreign).toMatchObject(nulls);
    const unknown = await readSession(token, {
      workspace: crypto.randomUUID(),
      project: crypto.randomUUID(),
      deployment: crypto.randomUUID(),
    });
    expect(unknown).toMatchObject(nulls);
    expect(await readSession(token, { workspace: 'not-a-uuid', project: "1' or '1'='1", deployment: '' })).toMatchObject(nulls);
    // Identical answers: a foreign id cannot be told from a missing one.
    expect(JSON.stringify(foreign)).toBe(JSON.stringify(unknown));
  });

  it('requires a token', async () => {
    expectError(await get(app, '/api/v1/session'), 401, 'Sign in to continue.');
  });
});
