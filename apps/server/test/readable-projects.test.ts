import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ListResponse, ReadableProject } from '@console/contracts';
import { projectMemberships, projects } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, openTestDatabase } from './helper';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
});

async function readable(token: string, query = '') {
  const response = await call(app, 'GET', `/api/v1/project${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<ListResponse<ReadableProject>>();
}

/** A second project of the workspace, which only the workspace's members can read. */
async function addProject(workspaceId: string, name: string) {
  const [project] = await app.ctx.db.insert(projects).values({ workspaceId, displayName: name }).returning();
  return project!;
}

describe('GET /project', () => {
  it("shows a project member who is not a workspace member that project alone, named with its workspace, and nothing of other workspaces", async () => {
    const guest = await createSignedInUser(app);
    const tree = await createWorkspaceTree(app, [], 'Guestworks');
    await addProject(tree.workspace.id, 'Guestworks Internal');
    await app.ctx.db.insert(projectMemberships).values({ projectId: tree.project.id, userId: guest.user.id, role: 'editor' });
    await createWorkspaceTree(app, [], 'Unrelated');

    const page = await readable(guest.token);
    expect(page.total).toBe(1);
    expect(page.records).toEqual([
      expect.objectContaining({
        id: tree.project.id,
        display_name: 'Guestworks Help',
        workspace_id: tree.workspace.id,
        workspace_display_name: 'Guestworks',
        role: 'editor',
      }),
    ]);
  });

  it("shows a workspace member every project of the workspace with the stronger of both roles, and no other workspace's project", async () => {
    const member = await createSignedInUser(app);
    const own = await createWorkspaceTree(app, [{ user: member.user, role: 'viewer' }], 'Memberworks');
    const second = await addProject(own.workspace.id, 'Memberworks Archive');
    await app.ctx.db.insert(projectMemberships).values({ projectId: second.id, userId: member.user.id, role: 'admin' });
    const foreign = await createWorkspaceTree(app, [], 'Foreignworks');

    const page = await readable(member.token, '?sort_field=display_name&sort_direction=ascending');
    expect(page.records.map((project) => [project.display_name, project.role])).toEqual([
      ['Memberworks Archive', 'admin'],
      ['Memberworks Help', 'viewer'],
    ]);
    expect(page.records.some((project) => project.workspace_id === foreign.workspace.id)).toBe(false);
    // Asking for another workspace by its id reveals nothing either.
    expect(await readable(member.token, `?workspace_id__eq=${foreign.workspace.id}`)).toEqual({ records: [], total: 0 });
  });

  it('pages, filters by workspace and name, and refuses what the list does not offer', async () => {
    const member = await createSignedInUser(app);
    const first = await createWorkspaceTree(app, [{ user: member.user, role: 'admin' }], 'Pagerworks');
    const second = await createWorkspaceTree(app, [{ user: member.user, role: 'admin' }], 'Filterworks');
    await addProject(first.workspace.id, 'Pagerworks Extra');

    const firstPage = await readable(member.token, '?limit=2&sort_field=workspace_display_name&sort_direction=descending');
    expect(firstPage.total).toBe(3);
    expect(firstPage.records.map((project) => project.workspace_display_name)).toEqual(['Pagerworks', 'Pagerworks']);
    const secondPage = await readable(member.token, '?limit=2&offset=2&sort_field=workspace_display_name&sort_direction=descending');
    expect(secondPage.records.map((project) => project.id)).toEqual([second.project.id]);

    const inWorkspace = await readable(member.token, `?workspace_id__eq=${first.workspace.id}&display_name__like=extra`);
    expect(inWorkspace.records.map((project) => project.display_name)).toEqual(['Pagerworks Extra']);
    // An id that is no UUID matches nothing rather than failing.
    expect(await readable(member.token, '?workspace_id__eq=not-an-id')).toEqual({ records: [], total: 0 });

    const badSort = await call(app, 'GET', '/api/v1/project?sort_field=description', member.token);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({ status: 400, title: expect.any(String), detail: expect.any(String) });
  });

  it('shows a super user every project, with no role where they have none', async () => {
    const admin = await createSignedInUser(app, { isSuperUser: true });
    const tree = await createWorkspaceTree(app, [], 'Superworks');
    const page = await readable(admin.token, `?workspace_id__eq=${tree.workspace.id}`);
    expect(page.records).toEqual([expect.objectContaining({ id: tree.project.id, role: null })]);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(app, 'GET', '/api/v1/project')).statusCode).toBe(401);
  });
});
