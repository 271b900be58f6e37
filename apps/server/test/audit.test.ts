import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { AUDIT_EXPORT_COLUMNS, AUDIT_RETENTION_DAYS, type AuditEntry, type CreatedApiKey, type ListResponse, type ProjectSummary, type Workspace } from '@console/contracts';
import { auditEntries } from '../src/db/schema/index';
import { pruneAuditEntries } from '../src/modules/audit/service';
import { call, countRows, createClock, createSignedInUser, createTestApp, createTestUser, expectError, openTestDatabase, post, uniqueEmail } from './helper';
import { insertItems, productItems } from './assistant-fixtures';

/**
 * The audit log: who changed access or what visitors get, written with the action itself; read by
 * a workspace's admins (their workspace) and super users (everything), exported as CSV, never
 * changed by any route, and kept two years.
 */

const clock = createClock();
let app: FastifyInstance;
let root: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let outsider: Awaited<ReturnType<typeof createSignedInUser>>;
let workspaceId: string;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase(), { clock });
  root = await createSignedInUser(app, { isSuperUser: true });
  [admin, editor, outsider] = await Promise.all([createSignedInUser(app), createSignedInUser(app), createSignedInUser(app)]);
  workspaceId = (await ok(call(app, 'POST', '/api/v1/workspace', root.token, { display_name: 'Audited' }), 201)).json<Workspace>().id;
  await ok(call(app, 'POST', `/api/v1/workspace/${workspaceId}/membership/self`, root.token, { role: 'admin' }));
  await ok(call(app, 'POST', `/api/v1/workspace/${workspaceId}/membership`, root.token, { email: admin.email, role: 'admin' }), 201);
  await ok(call(app, 'POST', `/api/v1/workspace/${workspaceId}/membership`, admin.token, { email: editor.email, role: 'editor' }), 201);
});

/** Awaits a call that must succeed; the clock then moves on, so entries are ordered as their actions were. */
async function ok(request: ReturnType<typeof call>, status = 200) {
  const response = await request;
  clock.advance(1000);
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

async function workspaceLog(query = '', token = admin.token): Promise<AuditEntry[]> {
  return (await ok(call(app, 'GET', `/api/v1/workspace/${workspaceId}/audit${query}`, token))).json<ListResponse<AuditEntry>>().records;
}

async function newest(action: AuditEntry['action']): Promise<AuditEntry> {
  const [entry] = await workspaceLog(`?action__eq=${action}&limit=1`);
  if (!entry) throw new Error(`no ${action} entry`);
  return entry;
}

async function createProject(name: string): Promise<string> {
  return (await ok(call(app, 'POST', `/api/v1/workspace/${workspaceId}/project`, editor.token, { display_name: name }), 201)).json<ProjectSummary>().id;
}

describe('entries written with the action', () => {
  it('records workspaces and memberships with who, from where and on what', async () => {
    const created = (await ok(call(app, 'GET', '/api/v1/audit?action__eq=workspace.created&limit=5', root.token))).json<ListResponse<AuditEntry>>();
    expect(created.records.find((entry) => entry.resource_id === workspaceId)).toMatchObject({
      actor_type: 'user',
      actor_id: root.user.id,
      actor_label: root.email,
      address: '127.0.0.1',
      workspace_id: workspaceId,
      resource_type: 'workspace',
      resource_label: 'Audited',
    });
    const granted = await newest('membership.granted');
    expect(granted).toMatchObject({ actor_label: admin.email, details: { user_id: editor.user.id, email: editor.email, role: 'editor' } });
  });

  it('records project settings with only the fields that changed, before and after', async () => {
    const projectId = await createProject('Settings Shop');
    expect(await newest('project.created')).toMatchObject({ project_id: projectId, resource_label: 'Settings Shop', actor_label: editor.email });
    await ok(call(app, 'PUT', `/api/v1/project/${projectId}`, editor.token, { response_word_cutoff: 120, out_of_scope_response: 'Ask us by mail.' }));
    const changed = await newest('project.settings_changed');
    expect(changed.details).toEqual({
      changes: {
        response_word_cutoff: { before: expect.any(Number), after: 120 },
        out_of_scope_response: { before: expect.any(String), after: 'Ask us by mail.' },
      },
    });
    // Saving the same values again changes nothing, and records nothing.
    const before = await countRows(app, auditEntries);
    await ok(call(app, 'PUT', `/api/v1/project/${projectId}`, editor.token, { response_word_cutoff: 120 }));
    expect(await countRows(app, auditEntries)).toBe(before);
    // A refused change is no action: no entry.
    expectError(await call(app, 'PUT', `/api/v1/project/${projectId}`, editor.token, { response_word_cutoff: -5 }), 400);
    expect(await countRows(app, auditEntries)).toBe(before);

    await ok(call(app, 'PUT', `/api/v1/project/${projectId}/privacy`, admin.token, { retention_days: 30, redaction_kinds: ['email'] }));
    expect((await newest('project.retention_changed')).details).toEqual({ changes: { retention_days: { before: 365, after: 30 } } });
    expect((await newest('project.settings_changed')).details).toMatchObject({ changes: { redaction_kinds: { after: ['email'] } } });

    await ok(call(app, 'DELETE', `/api/v1/project/${projectId}`, admin.token), 204);
    expect(await newest('project.deleted')).toMatchObject({ resource_id: projectId, resource_label: 'Settings Shop', actor_label: admin.email });
  });

  it("records a configuration refused for sending an operator's model key to another URL, naming the key's variable only", async () => {
    const projectId = await createProject('Key Shop');
    const genhybrid = { url: 'https://listener.example/v1/chat/completions', model: 'small', api_key_env: 'MODEL_API_KEY_OPENAI' };
    expectError(await call(app, 'PUT', `/api/v1/project/${projectId}`, editor.token, { pipeline_config: { genhybrid } }), 400);
    expect(await newest('project.model_endpoint_refused')).toMatchObject({
      actor_label: editor.email,
      project_id: projectId,
      details: { key: 'MODEL_API_KEY_OPENAI', url: genhybrid.url },
    });
  });

  it('records sync, deploy, rollback and promote with the versions', async () => {
    const projectId = await createProject('Versions Shop');
    await insertItems(app, projectId, productItems);
    const { records: deployments } = (await ok(call(app, 'GET', `/api/v1/project/${projectId}/deployment`, editor.token))).json<
      ListResponse<{ id: string; display_name: string }>
    >();
    const production = deployments.find((deployment) => deployment.display_name === 'Production')!;
    const staging = deployments.find((deployment) => deployment.display_name === 'Staging')!;
    const at = (deploymentId: string, action: string) => `/api/v1/project/${projectId}/deployment/${deploymentId}/${action}`;
    for (const note of ['first', 'second']) {
      await ok(call(app, 'POST', `/api/v1/project/${projectId}/sync`, editor.token, { note }));
      await ok(call(app, 'POST', at(production.id, 'deploy'), editor.token, { reason: `ship ${note}` }));
    }
    expect(await newest('project.synced')).toMatchObject({ project_id: projectId, details: { version: 2, note: 'second' } });
    expect(await newest('deployment.deployed')).toMatchObject({
      resource_type: 'deployment',
      resource_id: production.id,
      resource_label: 'Production (Versions Shop)',
      details: { version: 2, previous_version: 1, reason: 'ship second' },
    });
    await ok(call(app, 'POST', at(production.id, 'rollback'), editor.token, { reason: 'Wrong hours' }));
    expect(await newest('deployment.rolled_back')).toMatchObject({ details: { version: 1, previous_version: 2, reason: 'Wrong hours' } });
    await ok(call(app, 'POST', at(staging.id, 'promote'), editor.token, { from_deployment_id: production.id }));
    expect(await newest('deployment.promoted')).toMatchObject({ resource_id: staging.id, details: { version: 1, previous_version: null } });
  });

  it('records API keys created, changed and deleted, never the key itself', async () => {
    const projectId = await createProject('Keys Shop');
    const { records } = (await ok(call(app, 'GET', `/api/v1/project/${projectId}/deployment`, editor.token))).json<ListResponse<{ id: string }>>();
    const created = (
      await ok(
        call(app, 'POST', `/api/v1/workspace/${workspaceId}/api-key`, admin.token, {
          display_name: 'Reporting',
          scopes: ['read_conversation_store'],
          resource_type: 'deployment',
          resource_id: records[0]!.id,
        }),
        201,
      )
    ).json<CreatedApiKey>();
    const entry = await newest('api_key.created');
    expect(entry).toMatchObject({ resource_id: created.id, resource_label: `Reporting (…${created.hint})`, details: { scopes: ['read_conversation_store'] } });
    expect(JSON.stringify(await workspaceLog())).not.toContain(created.key);
    await ok(call(app, 'PUT', `/api/v1/api-key/${created.id}`, admin.token, { description: 'BI', status: 'inactive' }));
    expect((await newest('api_key.changed')).details).toEqual({
      changes: { description: { before: '', after: 'BI' }, status: { before: 'active', after: 'inactive' } },
    });
    await ok(call(app, 'DELETE', `/api/v1/api-key/${created.id}`, admin.token), 204);
    expect(await newest('api_key.deleted')).toMatchObject({ resource_id: created.id });
  });

  it('records imports and clones once the project is whole', async () => {
    const projectId = await createProject('Original');
    const clone = (await ok(call(app, 'POST', `/api/v1/project/${projectId}/clone`, editor.token, { display_name: 'Copy' }), 201)).json<ProjectSummary>();
    expect(await newest('project.cloned')).toMatchObject({ resource_id: clone.id, resource_label: 'Copy', details: { cloned_from: { id: projectId, name: 'Original' } } });
  });

  it('records memberships removed, and a workspace deleted with everything in it', async () => {
    const [membership] = (await ok(call(app, 'GET', `/api/v1/workspace/${workspaceId}/membership?email__eq=${editor.email}`, admin.token))).json<
      ListResponse<{ id: string }>
    >().records;
    const other = (await ok(call(app, 'POST', '/api/v1/workspace', root.token, { display_name: 'Short-lived' }), 201)).json<Workspace>();
    await ok(call(app, 'DELETE', `/api/v1/workspace/${other.id}`, root.token), 204);
    const deleted = (await ok(call(app, 'GET', `/api/v1/audit?action__eq=workspace.deleted&limit=1`, root.token))).json<ListResponse<AuditEntry>>();
    expect(deleted.records[0]).toMatchObject({ resource_id: other.id, resource_label: 'Short-lived', actor_label: root.email });
    // Entries outlive what they name.
    expect((await ok(call(app, 'GET', `/api/v1/audit?resource_label__eq=Short-lived`, root.token))).json<ListResponse<AuditEntry>>().total).toBe(2);
    await ok(call(app, 'DELETE', `/api/v1/workspace/${workspaceId}/membership/${membership!.id}`, admin.token), 204);
    expect(await newest('membership.removed')).toMatchObject({ details: { user_id: editor.user.id, role: 'editor' } });
    await ok(call(app, 'POST', `/api/v1/workspace/${workspaceId}/membership`, admin.token, { email: editor.email, role: 'editor' }), 201);
  });
});

describe('accounts (entries of no workspace: super users read them)', () => {
  async function latest(action: AuditEntry['action'], label?: string): Promise<AuditEntry> {
    const filter = label ? `&resource_label__eq=${encodeURIComponent(label)}` : '';
    const [entry] = (await ok(call(app, 'GET', `/api/v1/audit?action__eq=${action}${filter}&limit=1`, root.token))).json<ListResponse<AuditEntry>>().records;
    if (!entry) throw new Error(`no ${action} entry`);
    return entry;
  }

  it('records sign-ins that succeed and fail, by the e-mail tried, known or not', async () => {
    const password = 'Correct-Horse-7';
    await ok(post(app, '/api/v1/login/password', { email: editor.email, password }));
    expect(await latest('sign_in.succeeded', editor.email)).toMatchObject({
      actor_type: 'user',
      actor_id: editor.user.id,
      workspace_id: null,
      resource_id: editor.user.id,
      details: { factors: 'password' },
    });
    expectError(await post(app, '/api/v1/login/password', { email: editor.email, password: 'Wrong-Horse-7' }), 401);
    expect(await latest('sign_in.failed', editor.email)).toMatchObject({ actor_type: 'anonymous', actor_label: editor.email, details: { reason: 'wrong password' } });
    const stranger = uniqueEmail('nobody');
    expectError(await post(app, '/api/v1/login/password', { email: stranger, password }), 401);
    expect(await latest('sign_in.failed', stranger)).toMatchObject({ resource_id: null, details: { reason: 'unknown e-mail' } });
    // Sign-ins belong to no workspace: its admins do not see them.
    expect((await workspaceLog('?action__eq=sign_in.failed')).length).toBe(0);
  });

  it('records users created, blocked, made super user, their passwords set and changed, and deleted', async () => {
    const email = uniqueEmail('audited');
    const created = (await ok(call(app, 'POST', '/api/v1/user', root.token, { email, display_name: 'Audited', password: 'Correct-Horse-7', password_validator: 'Correct-Horse-7' }), 201)).json<{ id: string }>();
    expect(await latest('user.created', email)).toMatchObject({ actor_label: root.email, resource_id: created.id, details: { invited: false } });
    const privilege = { email, status: 'blocked', is_super_user: true, is_mfa_enabled: false };
    await ok(call(app, 'PUT', `/api/v1/user/${created.id}/privilege`, root.token, privilege));
    for (const action of ['user.blocked', 'user.super_user_granted', 'user.mfa_disabled'] as const) expect(await latest(action, email)).toMatchObject({ actor_label: root.email });
    await ok(call(app, 'PUT', `/api/v1/user/${created.id}/privilege`, root.token, { ...privilege, status: 'active', is_super_user: false }));
    for (const action of ['user.unblocked', 'user.super_user_revoked'] as const) expect(await latest(action, email)).toMatchObject({ resource_id: created.id });

    await ok(call(app, 'PUT', `/api/v1/user/${created.id}/password`, root.token, { password: 'Other-Horse-8', password_validator: 'Other-Horse-8' }), 204);
    expect(await latest('password.set', email)).toMatchObject({ actor_id: root.user.id, resource_id: created.id });
    const own = (await ok(post(app, '/api/v1/login/password', { email, password: 'Other-Horse-8' }))).json<{ token: string }>();
    await ok(call(app, 'PUT', `/api/v1/user/${created.id}/password`, own.token, { current_password: 'Other-Horse-8', password: 'Third-Horse-9', password_validator: 'Third-Horse-9' }), 204);
    expect(await latest('password.changed', email)).toMatchObject({ actor_id: created.id, resource_id: created.id });
    const again = (await ok(post(app, '/api/v1/login/password', { email, password: 'Third-Horse-9' }))).json<{ token: string }>();
    const guessed = { current_password: 'Guessed-Horse-0', password: 'Fifth-Horse-2', password_validator: 'Fifth-Horse-2' };
    expectError(await call(app, 'PUT', `/api/v1/user/${created.id}/password`, again.token, guessed), 400);
    expect(await latest('password.change_refused', email)).toMatchObject({ actor_id: created.id, resource_id: created.id, details: { reason: 'wrong current password' } });

    const reset = await ok(call(app, 'PUT', `/api/v1/user/${created.id}/reset`, root.token, { send_email: false, confirmed: true }));
    expect(await latest('password_reset.requested', email)).toMatchObject({ actor_label: root.email, details: { mailed: false } });
    const code = reset.json<{ reset_request: { code: string } }>().reset_request.code;
    await ok(post(app, '/api/v1/login/reset', { email, token_code: code, password: 'Fourth-Horse-1', password_validator: 'Fourth-Horse-1' }));
    expect(await latest('password_reset.completed', email)).toMatchObject({ actor_type: 'user', actor_id: created.id, address: '127.0.0.1' });

    await ok(call(app, 'DELETE', `/api/v1/user/${created.id}`, root.token), 204);
    expect(await latest('user.deleted', email)).toMatchObject({ actor_label: root.email, resource_id: created.id });
  });
  it('records an invitation mailed again when an invited user asks Forgot password', async () => {
    // An account that has not yet accepted its invitation.
    const { email } = await createTestUser(app, { status: 'pending' });
    await ok(post(app, '/api/v1/login/forgot', { email }));
    // Forgot answers before the mail goes out (it answers alike for any e-mail): the entry follows shortly.
    await expect.poll(async () => (await ok(call(app, 'GET', `/api/v1/audit?action__eq=invitation.sent&resource_label__eq=${encodeURIComponent(email)}`, root.token))).json<ListResponse<AuditEntry>>().records, { timeout: 5000 }).toEqual([
      expect.objectContaining({ actor_type: 'anonymous', actor_label: email, details: { mailed: true } }),
    ]);
  });
});

describe('who reads the log', () => {
  it("gives a workspace's admins its entries only, super users every entry, and no one else anything", async () => {
    const foreign = (await ok(call(app, 'POST', '/api/v1/workspace', root.token, { display_name: 'Elsewhere' }), 201)).json<Workspace>();
    const mine = await workspaceLog('?limit=100');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => entry.workspace_id === workspaceId)).toBe(true);
    expectError(await call(app, 'GET', `/api/v1/workspace/${workspaceId}/audit`, editor.token), 403);
    expectError(await call(app, 'GET', `/api/v1/workspace/${workspaceId}/audit`, outsider.token), 404);
    expectError(await call(app, 'GET', `/api/v1/workspace/${foreign.id}/audit`, admin.token), 404);
    expectError(await call(app, 'GET', '/api/v1/audit', admin.token), 403);
    expectError(await call(app, 'GET', `/api/v1/workspace/${workspaceId}/audit/export`, editor.token), 403);
    expectError(await call(app, 'GET', '/api/v1/audit/export', admin.token), 403);
    const all = (await ok(call(app, 'GET', '/api/v1/audit?limit=100', root.token))).json<ListResponse<AuditEntry>>();
    expect(all.records.some((entry) => entry.workspace_id === foreign.id)).toBe(true);
  });

  it('has no route that changes or deletes an entry', async () => {
    const [entry] = await workspaceLog('?limit=1');
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      for (const url of [`/api/v1/audit/${entry!.id}`, `/api/v1/workspace/${workspaceId}/audit/${entry!.id}`, '/api/v1/audit']) {
        expect((await call(app, method, url, root.token, method === 'DELETE' ? undefined : {})).statusCode).toBe(404);
      }
    }
    expect((await workspaceLog('?limit=1'))[0]).toEqual(entry);
  });

  it('filters and sorts as every list does, and refuses a filter it does not offer', async () => {
    const byAction = await workspaceLog('?action__eq=membership.granted&sort_field=created_at&sort_direction=ascending');
    expect(byAction.length).toBeGreaterThan(1);
    expect(byAction.every((entry) => entry.action === 'membership.granted')).toBe(true);
    expect(byAction.map((entry) => entry.created_at)).toEqual([...byAction.map((entry) => entry.created_at)].sort());
    expect((await workspaceLog(`?actor_label__like=${encodeURIComponent(editor.email.slice(0, 10))}`)).every((entry) => entry.actor_label === editor.email)).toBe(true);
    expectError(await call(app, 'GET', `/api/v1/workspace/${workspaceId}/audit?details__like=x`, admin.token), 400);
    expectError(await call(app, 'GET', `/api/v1/workspace/${workspaceId}/audit?action__eq=project.renamed`, admin.token), 400);
  });
});

describe('export', () => {
  it('downloads what the filters select as CSV, with details as JSON and formulas made inert', async () => {
    await ok(call(app, 'POST', `/api/v1/workspace/${workspaceId}/project`, editor.token, { display_name: '=HYPERLINK("x")' }), 201);
    const response = await ok(call(app, 'GET', `/api/v1/workspace/${workspaceId}/audit/export?action__eq=project.created`, admin.token));
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`audit-log-${workspaceId}-\\d{4}-\\d{2}-\\d{2}\\.csv`));
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...AUDIT_EXPORT_COLUMNS]);
    expect(rows.every((row) => row.action === 'project.created')).toBe(true);
    expect(rows.length).toBe((await workspaceLog('?action__eq=project.created&limit=100')).length);
    expect(rows[0]!.resource_label).toBe(`'=HYPERLINK("x")`);
    expect(JSON.parse(rows[0]!.details!)).toEqual({});
  });
});

describe('retention', () => {
  it('deletes entries older than two years and keeps the rest', async () => {
    const total = await countRows(app, auditEntries);
    const old = new Date(clock.now().getTime() - (AUDIT_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    await app.ctx.db.insert(auditEntries).values(
      Array.from({ length: 3 }, () => ({ createdAt: old, action: 'sign_in.failed' as const, actorType: 'anonymous' as const, actorLabel: uniqueEmail(), resourceType: 'user' as const })),
    );
    expect(await pruneAuditEntries(app.ctx.db, clock.now())).toBe(3);
    expect(await countRows(app, auditEntries)).toBe(total);
  });
});
