import type { Role } from '@console/contracts';

/**
 * The role-granting cells of the authorization matrix (../authorization-matrix.test.ts): who may give
 * which role to whom. A member grants at most their own effective role on the resource (so only an
 * admin grants admin) and never to themselves; a super user without a role may join a workspace with
 * any role. Callers with only a project role cannot read the workspace (404).
 */

export const granters = [
  'workspaceAdmin',
  'workspaceEditor',
  'workspaceViewer',
  'projectAdmin',
  'projectEditor',
  'projectViewer',
  'superUser',
] as const;
export type Granter = (typeof granters)[number];
/** Whose e-mail the membership names: the caller's own, or an existing account without a role. */
export type GrantTarget = 'own' | 'other';
export const grantedRoles = ['admin', 'editor', 'viewer'] as const satisfies readonly Role[];

/** The role a granter holds where they act: in the workspace, or directly on its project. */
export const granterRoles: Record<Granter, { workspace?: Role; project?: Role }> = {
  workspaceAdmin: { workspace: 'admin' },
  workspaceEditor: { workspace: 'editor' },
  workspaceViewer: { workspace: 'viewer' },
  projectAdmin: { project: 'admin' },
  projectEditor: { project: 'editor' },
  projectViewer: { project: 'viewer' },
  superUser: {},
};

type ByRole = Record<Role, number>;
type GrantExpect = Partial<Record<GrantTarget, ByRole>>;

export interface GrantRow {
  route: string;
  url: (place: { workspaceId: string; projectId: string }) => string;
  body: (role: Role, email: string) => unknown;
  /** Which membership table the grant writes. */
  writes: 'workspace' | 'project';
  expect: Record<Granter, GrantExpect>;
}

const every = (status: number): ByRole => ({ admin: status, editor: status, viewer: status });
/** An admin gives others every role, never one to themselves. */
const adminGrants = { own: every(403), other: every(201) };
/** An editor gives others editor or viewer, never admin, never one to themselves. */
const editorGrants = { own: every(403), other: { admin: 403, editor: 201, viewer: 201 } };
const grantsNothing = { own: every(403), other: every(403) };
const cannotRead = { own: every(404), other: every(404) };

export const grantRows: GrantRow[] = [
  {
    route: 'POST /workspace/{id}/membership',
    url: (place) => `/api/v1/workspace/${place.workspaceId}/membership`,
    body: (role, email) => ({ email, role }),
    writes: 'workspace',
    expect: {
      workspaceAdmin: adminGrants,
      workspaceEditor: editorGrants,
      workspaceViewer: grantsNothing,
      projectAdmin: cannotRead,
      projectEditor: cannotRead,
      projectViewer: cannotRead,
      // Super users administer workspaces but add members only with a role there.
      superUser: grantsNothing,
    },
  },
  {
    route: 'POST /project/{id}/membership',
    url: (place) => `/api/v1/project/${place.projectId}/membership`,
    body: (role, email) => ({ email, role }),
    writes: 'project',
    expect: {
      workspaceAdmin: adminGrants,
      workspaceEditor: editorGrants,
      workspaceViewer: grantsNothing,
      projectAdmin: adminGrants,
      projectEditor: editorGrants,
      projectViewer: grantsNothing,
      superUser: grantsNothing,
    },
  },
  {
    route: 'POST /workspace/{id}/membership/self',
    url: (place) => `/api/v1/workspace/${place.workspaceId}/membership/self`,
    body: (role) => ({ role }),
    writes: 'workspace',
    expect: {
      // Joining is always the caller's own role: members would be changing theirs.
      workspaceAdmin: { own: every(403) },
      workspaceEditor: { own: every(403) },
      workspaceViewer: { own: every(403) },
      projectAdmin: { own: every(404) },
      projectEditor: { own: every(404) },
      projectViewer: { own: every(404) },
      superUser: { own: every(200) },
    },
  },
];
