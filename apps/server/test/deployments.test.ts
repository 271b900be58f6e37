import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { deploymentMessages, type Deployment, type ListResponse } from '@console/contracts';
import { deployments, users } from '../src/db/schema/index';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { insertItems, sync } from './assistant-fixtures';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let admin: SignedIn;
let editor: SignedIn;
let viewer: SignedIn;
let superUser: SignedIn;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  [admin, editor, viewer, superUser] = await Promise.all([
    createSignedInUser(app, { displayName: 'Ada Admin' }),
    createSignedInUser(app, { displayName: 'Eve Editor' }),
    createSignedInUser(app, { displayName: 'Vic Viewer' }),
    createSignedInUser(app, { displayName: 'Sue Super', isSuperUser: true }),
  ]);
});

async function newProject() {
  return createWorkspaceTree(app, [
    { user: admin.user, role: 'admin' },
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
}

const url = (projectId: string, deploymentId = '') => `/api/v1/project/${projectId}/deployment${deploymentId ? `/${deploymentId}` : ''}`;

describe('deployments', () => {
  it("gives every new project its 'Production' and 'Staging' deployments, listed with their keys", async () => {
    const { workspace } = await newProject();
    const created = await call(app, 'POST', `/api/v1/workspace/${workspace.id}/project`, admin.token, { display_name: 'Shop Help' });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json<{ id: string }>().id;
    const list = await call(app, 'GET', `${url(projectId)}?sort_field=display_name&sort_direction=ascending`, viewer.token);
    expect(list.statusCode).toBe(200);
    const { records, total } = list.json<ListResponse<Deployment>>();
    expect(total).toBe(2);
    expect(records.map((record) => record.display_name)).toEqual(['Production', 'Staging']);
    for (const record of records) {
      expect(record).toMatchObject({
        project_id: projectId,
        workspace_id: workspace.id,
        allowed_origins: '',
        snapshot_id: null,
        version: null,
        require_passing_tests: false,
        deployed_at: null,
        deployer_id: null,
        deployer_name: null,
      });
      expect(record.key).toMatch(/^[\w-]{20,}$/);
    }
    expect(records[0]!.key).not.toBe(records[1]!.key);
  });

  it('creates more deployments with a new key each (admins and editors), with origins in a normal form', async () => {
    const { project } = await newProject();
    const created = await call(app, 'POST', url(project.id), editor.token, {
      display_name: 'Staging',
      allowed_origins: 'https://staging.example, http://localhost:3000,https://staging.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const staging = created.json<Deployment>();
    expect(staging).toMatchObject({ display_name: 'Staging', allowed_origins: 'https://staging.example,http://localhost:3000', snapshot_id: null });
    const [stored] = await app.ctx.db.select().from(deployments).where(eq(deployments.id, staging.id));
    expect(stored!.allowedOrigins).toEqual(['https://staging.example', 'http://localhost:3000']);

    // An origin pasted from the address bar keeps its trailing '/' there, not here.
    const pasted = await call(app, 'PUT', url(project.id, staging.id), editor.token, { allowed_origins: 'https://shop.example/, https://staging.example/' });
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect(pasted.json()).toMatchObject({ allowed_origins: 'https://shop.example,https://staging.example' });
    const [repasted] = await app.ctx.db.select().from(deployments).where(eq(deployments.id, staging.id));
    expect(repasted!.allowedOrigins).toEqual(['https://shop.example', 'https://staging.example']);

    const list = (await call(app, 'GET', `${url(project.id)}?sort_field=display_name&sort_direction=ascending`, viewer.token)).json<ListResponse<Deployment>>();
    expect(list.records.map((row) => row.display_name)).toEqual(['Production', 'Staging']);
    expect(new Set(list.records.map((row) => row.key)).size).toBe(2);
    const filtered = (await call(app, 'GET', `${url(project.id)}?display_name__like=stag`, viewer.token)).json<ListResponse<Deployment>>();
    expect(filtered.records.map((row) => row.id)).toEqual([staging.id]);
  });

  it('validates the name and every origin with the contract messages, writing nothing', async () => {
    const { project } = await newProject();
    const before = await countRows(app, deployments);
    expectError(await call(app, 'POST', url(project.id), editor.token, { display_name: 'QA' }), 400, 'Name must be at least 3 characters');
    expectError(await call(app, 'POST', url(project.id), editor.token, { display_name: 'x'.repeat(129) }), 400, 'Name must be at most 128 characters');
    expectError(
      await call(app, 'POST', url(project.id), editor.token, { display_name: 'Staging', allowed_origins: 'https://ok.example,https://bad.example/path' }),
      400,
      'Allowed Origin is not a valid URL: https://bad.example/path',
    );
    expectError(await call(app, 'POST', url(project.id), viewer.token, { display_name: 'Staging' }), 403);
    expect(await countRows(app, deployments)).toBe(before);
  });

  it('reads and updates a deployment only through its own project', async () => {
    const { project, deployment } = await newProject();
    const other = await newProject();
    const read = await call(app, 'GET', url(project.id, deployment.id), viewer.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: deployment.id, display_name: 'Production' });

    const updated = await call(app, 'PUT', url(project.id, deployment.id), editor.token, { allowed_origins: 'https://shop.example' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ display_name: 'Production', allowed_origins: 'https://shop.example' });
    const renamed = await call(app, 'PUT', url(project.id, deployment.id), editor.token, { display_name: 'Live' });
    expect(renamed.json()).toMatchObject({ display_name: 'Live', allowed_origins: 'https://shop.example' });
    expectError(await call(app, 'PUT', url(project.id, deployment.id), editor.token, {}), 400, 'Body must name at least one field to update');
    expectError(await call(app, 'PUT', url(project.id, deployment.id), viewer.token, { display_name: 'Mine' }), 403);

    // The other project's deployment, named under this project (which the caller may read): 404.
    expectError(await call(app, 'GET', url(project.id, other.deployment.id), admin.token), 404);
    expectError(await call(app, 'PUT', url(project.id, other.deployment.id), admin.token, { display_name: 'Taken' }), 404);
    expectError(await call(app, 'POST', `${url(project.id, other.deployment.id)}/deploy`, admin.token), 404);
    expectError(await call(app, 'GET', url(project.id, 'nope'), admin.token), 400, 'Deployment Id must be a valid UUID.');
    const [untouched] = await app.ctx.db.select().from(deployments).where(eq(deployments.id, other.deployment.id));
    expect(untouched!.displayName).toBe('Production');
  });

  it('deploys the newest snapshot and records when and by whom; 409 before the first sync', async () => {
    const { project, deployment } = await newProject();
    await insertItems(app, project.id, [{ subject: 'Returns', utterances: ['refund'] }]);
    expectError(await call(app, 'POST', `${url(project.id, deployment.id)}/deploy`, editor.token), 409, deploymentMessages.notSynced);
    expectError(await call(app, 'POST', `${url(project.id, deployment.id)}/deploy`, viewer.token), 403);

    await sync(app, editor.token, project.id);
    const newest = await sync(app, editor.token, project.id);
    const deployed = await call(app, 'POST', `${url(project.id, deployment.id)}/deploy`, editor.token);
    expect(deployed.statusCode, deployed.body).toBe(200);
    const body = deployed.json<Deployment>();
    expect(body).toMatchObject({ snapshot_id: newest.snapshot_id, version: 2, deployer_id: editor.user.id, deployer_name: 'Eve Editor' });
    expect(body.deployed_at).not.toBeNull();

    // A later sync changes no deployment until it is deployed again.
    const later = await sync(app, editor.token, project.id);
    expect((await call(app, 'GET', url(project.id, deployment.id), editor.token)).json()).toMatchObject({ snapshot_id: newest.snapshot_id });
    const redeployed = await call(app, 'POST', `${url(project.id, deployment.id)}/deploy`, admin.token);
    expect(redeployed.json()).toMatchObject({ snapshot_id: later.snapshot_id, deployer_id: admin.user.id, deployer_name: 'Ada Admin' });
  });

  it('shows who deployed only to super users and those who may update the project', async () => {
    const { project, deployment } = await newProject();
    await sync(app, editor.token, project.id);
    await call(app, 'POST', `${url(project.id, deployment.id)}/deploy`, editor.token);
    for (const [caller, sees] of [
      [editor, true],
      [admin, true],
      [superUser, true],
      [viewer, false],
    ] as const) {
      const one = (await call(app, 'GET', url(project.id, deployment.id), caller.token)).json<Deployment>();
      const listed = (await call(app, 'GET', url(project.id), caller.token)).json<ListResponse<Deployment>>().records[0]!;
      for (const answer of [one, listed]) {
        expect(answer.deployed_at, caller.user.displayName).not.toBeNull();
        expect(answer.deployer_id, caller.user.displayName).toBe(sees ? editor.user.id : null);
        expect(answer.deployer_name, caller.user.displayName).toBe(sees ? 'Eve Editor' : null);
      }
    }
  });

  it('keeps a deployment when its deployer is deleted, without a deployer', async () => {
    const leaving = await createSignedInUser(app, { displayName: 'Leaving Soon' });
    const { project, deployment } = await createWorkspaceTree(app, [{ user: leaving.user, role: 'editor' }]);
    await sync(app, leaving.token, project.id);
    await call(app, 'POST', `${url(project.id, deployment.id)}/deploy`, leaving.token);
    await app.ctx.db.delete(users).where(eq(users.id, leaving.user.id));
    const read = (await call(app, 'GET', url(project.id, deployment.id), superUser.token)).json<Deployment>();
    expect(read.snapshot_id).not.toBeNull();
    expect(read.deployer_id).toBeNull();
    expect(read.deployer_name).toBeNull();
  });
});
