/**
 * Every route of the console in one place, so links and the router never disagree.
 * `path` is the router pattern, `to(...)` builds a concrete link.
 */
// '@' is legal in a path segment; keeping it makes sign-in links readable (/login/password/ann@example.com).
const enc = (value: string | null | undefined) =>
  value ? `/${encodeURIComponent(value).replace(/%40/g, '@')}` : '';

export const paths = {
  root: '/',
  login: {
    root: '/login',
    password: { path: 'password/:email?', to: (email?: string | null) => `/login/password${enc(email)}` },
    reset: {
      path: 'reset/:email?/:tokenCode?',
      to: (email?: string | null, code?: string | null) => `/login/reset${enc(email)}${email ? enc(code) : ''}`,
    },
    invite: {
      path: 'invite/:email?/:tokenCode?',
      to: (email?: string | null, code?: string | null) => `/login/invite${enc(email)}${email ? enc(code) : ''}`,
    },
    forgot: { path: 'forgot/:email?', to: (email?: string | null) => `/login/forgot${enc(email)}` },
    mfa: {
      path: 'mfa/:email?/:tokenCode?',
      to: (email?: string | null, code?: string | null) => `/login/mfa${enc(email)}${email ? enc(code) : ''}`,
    },
    contact: { path: 'contact/:email?', to: (email?: string | null) => `/login/contact${enc(email)}` },
  },
  workspaces: { path: 'workspace', to: () => '/workspace' },
  workspace: { path: 'workspace/:workspaceId', to: (id: string) => `/workspace/${encodeURIComponent(id)}` },
  workspaceMembership: {
    path: 'workspace/:workspaceId/membership',
    to: (id: string) => `/workspace/${encodeURIComponent(id)}/membership`,
  },
  workspaceApiKey: {
    path: 'workspace/:workspaceId/api-key',
    to: (id: string) => `/workspace/${encodeURIComponent(id)}/api-key`,
  },
  workspaceAudit: {
    path: 'workspace/:workspaceId/audit',
    to: (id: string) => `/workspace/${encodeURIComponent(id)}/audit`,
  },
  projects: { path: 'project', to: () => '/project' },
  project: {
    path: 'project/:projectId',
    to: (id: string, sub = '') => `/project/${encodeURIComponent(id)}${sub ? `/${sub}` : ''}`,
  },
  profile: { path: 'profile', to: () => '/profile' },
  user: { path: 'user/:userId', to: (id: string) => `/user/${encodeURIComponent(id)}` },
  users: { path: 'user', to: () => '/user' },
  admin: { path: 'admin', to: () => '/admin' },
  support: { path: 'support', to: () => '/support' },
} as const;

const id = (value: string) => encodeURIComponent(value);

/** The project areas' pages; router patterns are relative to `project.path`. */
export const projectPaths = {
  settings: (projectId: string) => `/project/${id(projectId)}`,
  membership: { path: 'membership', to: (projectId: string) => `/project/${id(projectId)}/membership` },
  sources: { path: 'source', to: (projectId: string) => `/project/${id(projectId)}/source` },
  source: {
    path: 'source/:sourceId',
    to: (projectId: string, sourceId: string) => `/project/${id(projectId)}/source/${id(sourceId)}`,
  },
  sourceContent: {
    path: 'source/:sourceId/content',
    to: (projectId: string, sourceId: string) => `/project/${id(projectId)}/source/${id(sourceId)}/content`,
  },
  contents: { path: 'content', to: (projectId: string) => `/project/${id(projectId)}/content` },
  content: {
    path: 'content/:contentId',
    to: (projectId: string, contentId: string) => `/project/${id(projectId)}/content/${id(contentId)}`,
  },
  intents: { path: 'intent', to: (projectId: string) => `/project/${id(projectId)}/intent` },
  intent: {
    path: 'intent/:intentId',
    to: (projectId: string, intentId: string) => `/project/${id(projectId)}/intent/${id(intentId)}`,
  },
  slots: { path: 'slot', to: (projectId: string) => `/project/${id(projectId)}/slot` },
  slot: {
    path: 'slot/:slotId',
    to: (projectId: string, slotId: string) => `/project/${id(projectId)}/slot/${id(slotId)}`,
  },
  scenarios: { path: 'scenario', to: (projectId: string) => `/project/${id(projectId)}/scenario` },
  scenario: {
    path: 'scenario/:scenarioId',
    to: (projectId: string, scenarioId: string) => `/project/${id(projectId)}/scenario/${id(scenarioId)}`,
  },
  sequences: { path: 'sequence', to: (projectId: string) => `/project/${id(projectId)}/sequence` },
  sequence: {
    path: 'sequence/:sequenceId',
    to: (projectId: string, sequenceId: string) => `/project/${id(projectId)}/sequence/${id(sequenceId)}`,
  },
  jargon: { path: 'jargon', to: (projectId: string) => `/project/${id(projectId)}/jargon` },
  channels: { path: 'channel', to: (projectId: string) => `/project/${id(projectId)}/channel` },
  channel: {
    path: 'channel/:channelId',
    to: (projectId: string, channelId: string) => `/project/${id(projectId)}/channel/${id(channelId)}`,
  },
  deployments: { path: 'deployment', to: (projectId: string) => `/project/${id(projectId)}/deployment` },
  deployment: {
    path: 'deployment/:deploymentId',
    to: (projectId: string, deploymentId: string) => `/project/${id(projectId)}/deployment/${id(deploymentId)}`,
  },
  versions: { path: 'version', to: (projectId: string) => `/project/${id(projectId)}/version` },
  version: {
    path: 'version/:versionNumber',
    to: (projectId: string, version: number, against?: number) =>
      `/project/${id(projectId)}/version/${version}${against === undefined ? '' : `?against=${against}`}`,
  },
  replays: { path: 'replay', to: (projectId: string) => `/project/${id(projectId)}/replay` },
  replay: {
    path: 'replay/:replayId',
    to: (projectId: string, replayId: string) => `/project/${id(projectId)}/replay/${id(replayId)}`,
  },
  dashboard: { path: 'dashboard', to: (projectId: string) => `/project/${id(projectId)}/dashboard` },
  conversations: { path: 'conv', to: (projectId: string) => `/project/${id(projectId)}/conv` },
  conversation: {
    path: 'conv/:convId',
    to: (projectId: string, convId: string) => `/project/${id(projectId)}/conv/${id(convId)}`,
  },
  queries: { path: 'query', to: (projectId: string) => `/project/${id(projectId)}/query` },
  // The provider's staff alone reach the staging area; anyone else is told the route does not exist.
  stage: { path: 'stage', to: (projectId: string) => `/project/${id(projectId)}/stage` },
  stageSink: { path: 'stage/sink', to: (projectId: string) => `/project/${id(projectId)}/stage/sink` },
  stageContentExport: {
    path: 'stage/content-export',
    to: (projectId: string) => `/project/${id(projectId)}/stage/content-export`,
  },
  /** A topic of the inbox to fix; `filters` carry the inbox's window, deployment and threshold with it. */
  resolver: {
    path: 'resolver',
    to: (projectId: string, topicId?: string, filters?: URLSearchParams) => {
      const query = new URLSearchParams(topicId ? { topic: topicId } : {});
      for (const [name, value] of filters ?? []) query.set(name, value);
      const search = query.toString();
      return `/project/${id(projectId)}/resolver${search ? `?${search}` : ''}`;
    },
  },
  /** The inbox; `filters` keep a topic's window, deployment and threshold on the way back. */
  insight: {
    path: 'insight',
    to: (projectId: string, filters?: URLSearchParams) => {
      const search = filters?.toString();
      return `/project/${id(projectId)}/insight${search ? `?${search}` : ''}`;
    },
  },
  suite: { path: 'suite', to: (projectId: string) => `/project/${id(projectId)}/suite` },
  testRun: {
    path: 'suite/run/:runId',
    to: (projectId: string, runId: string, against?: string) =>
      `/project/${id(projectId)}/suite/run/${id(runId)}${against ? `?against=${encodeURIComponent(against)}` : ''}`,
  },
} as const;

/** Sub-paths of a project and the sidebar label of each. */
export const projectAreas = {
  source: 'Sources',
  scenario: 'Scenarios',
  slot: 'Slots',
  intent: 'Intents',
  sequence: 'Sequences',
  content: 'All Content',
  jargon: 'Jargon Mapper',
  channel: 'Channels',
  deployment: 'Deploy',
  version: 'Versions',
  suite: 'Tests',
  replay: 'Replays',
  dashboard: 'Dashboard',
  conv: 'Conversations',
  insight: 'Inbox',
  stage: 'Staging Area',
} as const;
export type ProjectArea = keyof typeof projectAreas;
