/** The people the browser tests sign in as; the global setup creates them before the server starts. */
export interface SeededUser {
  email: string;
  password: string;
  displayName: string;
  mfa: boolean;
}

export const users = {
  admin: { email: 'admin@console.test', password: 'Admin#Pass2026', displayName: 'Administrator', mfa: false },
  plain: { email: 'ada@console.test', password: 'Ada#Lovelace1815', displayName: 'Ada Lovelace', mfa: false },
  mfa: { email: 'grace@console.test', password: 'Grace#Hopper1906', displayName: 'Grace Hopper', mfa: true },
  forgetful: { email: 'alan@console.test', password: 'Alan#Turing1912', displayName: 'Alan Turing', mfa: false },
  /** Of no workspace: projects give her a role on themselves alone. */
  guest: { email: 'hedy@console.test', password: 'Hedy#Lamarr1914', displayName: 'Hedy Lamarr', mfa: false },
  /** Of the provider's staff (STAFF_EMAIL_DOMAIN), and a viewer of the seeded project. */
  staff: { email: 'katherine@staff.console.test', password: 'Katherine#Johnson1918', displayName: 'Katherine Johnson', mfa: false },
} satisfies Record<string, SeededUser>;

/** The e-mail domain of the provider's staff (STAFF_EMAIL_DOMAIN): none of the other people's. */
export const STAFF_DOMAIN = 'staff.console.test';

/** Where the server sends support messages (SUPPORT_EMAIL). */
export const SUPPORT_ADDRESS = 'support@console.test';

/** The operator's terms of use (TERMS_URL), linked from the invitation's agreement. */
export const TERMS_ADDRESS = 'https://operator.example/terms';

/** Ids of the records the global setup created, handed over through the environment. */
export function seeded() {
  const workspaceId = process.env.E2E_WORKSPACE_ID;
  const projectId = process.env.E2E_PROJECT_ID;
  const deploymentId = process.env.E2E_DEPLOYMENT_ID;
  if (!workspaceId || !projectId || !deploymentId) {
    throw new Error('The global setup did not seed a workspace, project and deployment.');
  }
  return { workspaceId, projectId, deploymentId };
}
