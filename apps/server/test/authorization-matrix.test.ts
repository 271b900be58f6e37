import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, notInArray } from 'drizzle-orm';
import { DEFAULT_WEB_CHANNEL_CONFIG, pmDocumentSchema, pmToKb } from '@console/contracts';
import {
  apiKeys,
  channels,
  contentActions,
  contents,
  contentUtterances,
  deployments,
  events,
  intents,
  invitations,
  jobs,
  passwordResetRequests,
  projectMemberships,
  projects,
  insightFixes,
  insightQuestions,
  insightClusters,
  insightTopics,
  replayItems,
  replays,
  scenarios,
  sequences,
  slots,
  snapshots,
  sourcePulls,
  sources,
  supportMessages,
  testCases,
  testRuns,
  users,
  workspaceMemberships,
  workspaces,
  type UserRow,
} from '../src/db/schema/index';
import { eventRecord } from '../src/modules/chat/event-records';
import { readSnapshot, snapshotStats } from '../src/modules/snapshot/read-snapshot';
import { hashPassword } from '../src/platform/passwords';
import { sha256 } from '../src/platform/secrets';
import { STRONG_PASSWORD, call, countRows, createTestApp, createWorkspaceTree, openTestDatabase, tokenFor, uniqueEmail } from './helper';
import { administrationRows } from './authorization/rows-administration';
import { analyticsRows } from './authorization/rows-analytics';
import { assistantRows } from './authorization/rows-assistant';
import { channelRows } from './authorization/rows-channel';
import { contentRows } from './authorization/rows-content';
import { projectRows } from './authorization/rows-project';
import { insightRows } from './authorization/rows-insight';
import { replayRows } from './authorization/rows-replay';
import { sourceRows } from './authorization/rows-source';
import { suiteRows } from './authorization/rows-suite';
import { grantedRoles, granterRoles, granters, grantRows, type Granter, type GrantRow, type GrantTarget } from './authorization/grants';
import { callers, targets, type Caller, type Cell, type Row, type Target } from './authorization/table';

/**
 * Who may call what. ONE table (the rows of ./authorization/rows-*.ts): a row per route with the
 * expected status for every caller on a resource of their own workspace and of another workspace;
 * and for the routes that grant roles, ./authorization/grants.ts: every caller role x granted role
 * x own or another's e-mail. Every cell runs on fresh resources, and a refused call must leave
 * them exactly as they were.
 */
const table: Row[] = [...administrationRows, ...projectRows, ...sourceRows, ...contentRows, ...channelRows, ...assistantRows, ...analyticsRows, ...suiteRows, ...replayRows, ...insightRows];

let app: FastifyInstance;
let passwordHash: string;
let outsider: UserRow;
const actors = {} as Record<Exclude<Caller, 'none'>, { user: UserRow; token: string }>;
const grantingActors = {} as Record<Granter, { user: UserRow; token: string }>;

/** Users inserted with one precomputed hash: the matrix needs hundreds and argon2 is slow on purpose. */
async function fastUser(label: string, isSuperUser = false): Promise<UserRow> {
  const [user] = await app.ctx.db
    .insert(users)
    .values({ email: uniqueEmail(label), displayName: `Matrix ${label}`, passwordHash, isSuperUser })
    .returning();
  return user!;
}

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  passwordHash = await hashPassword(STRONG_PASSWORD);
  for (const caller of ['viewer', 'editor', 'admin', 'foreign'] as const) {
    const user = await fastUser(caller);
    actors[caller] = { user, token: await tokenFor(app, user) };
  }
  const superUser = await fastUser('super', true);
  actors.super = { user: superUser, token: await tokenFor(app, superUser) };
  outsider = await fastUser('outsider');
  for (const granter of granters) {
    const user = await fastUser(granter, granter === 'superUser');
    grantingActors[granter] = { user, token: await tokenFor(app, user) };
  }
  // The foreign caller is an admin elsewhere.
  await createWorkspaceTree(app, [{ user: actors.foreign.user, role: 'admin' }], 'Elsewhere');
});

const sourceDocument = pmDocumentSchema.parse({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Shipping' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'We ship within two days.' }] },
  ],
});
const responseDocument = pmDocumentSchema.parse({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We ship within two days.' }] }],
});

/** Fresh resources for one cell: own = the role callers are members; other = none of them is. */
async function prepare(target: Target): Promise<Cell> {
  const { db } = app.ctx;
  const member = await fastUser('member');
  const members = target === 'own'
    ? (['viewer', 'editor', 'admin'] as const).map((role) => ({ user: actors[role].user, role }))
    : [];
  const tree = await createWorkspaceTree(app, [...members, { user: member, role: 'viewer' }]);
  const projectId = tree.project.id;
  const [key] = await db
    .insert(apiKeys)
    .values({
      workspaceId: tree.workspace.id,
      displayName: 'Existing',
      keyHash: sha256(randomUUID()),
      hint: 'abcd',
      scopes: ['read_conversation_store'],
      resourceType: 'deployment',
      resourceId: tree.deployment.id,
    })
    .returning();
  const [projectMembership] = await db.insert(projectMemberships).values({ projectId, userId: member.id, role: 'viewer' }).returning();
  const [source] = await db
    .insert(sources)
    .values({ projectId, displayName: 'Handbook', type: 'rich_editor', config: { document: sourceDocument }, kb: pmToKb(sourceDocument) })
    .returning();
  const [sourcePull] = await db
    .insert(sourcePulls)
    .values({ sourceId: source!.id, status: 'succeeded', summary: { created: 1, updated: 0, omitted: 0, unchanged: 0 }, finishedAt: new Date() })
    .returning();
  const [content] = await db
    .insert(contents)
    .values({
      projectId,
      sourceId: source!.id,
      sourceKey: 'Shipping',
      subject: 'Shipping',
      status: 'active',
      responsePm: responseDocument,
      numResponseWords: 5,
    })
    .returning();
  const [utterance] = await db.insert(contentUtterances).values({ contentId: content!.id, text: 'How fast do you ship?' }).returning();
  const [action] = await db
    .insert(contentActions)
    .values({ contentId: content!.id, type: 'query', config: { label: 'Returns', utterance: 'How do I return an item?' } })
    .returning();
  const [intent] = await db.insert(intents).values({ projectId, intent: 'greeting', utterances: ['hello', 'hi there'] }).returning();
  const [slot] = await db.insert(slots).values({ projectId, name: 'colour', terms: ['red', 'blue'] }).returning();
  const nodeIds = [randomUUID(), randomUUID()] as const;
  const [sequence] = await db
    .insert(sequences)
    .values({
      projectId,
      name: 'Order status',
      nodes: [
        { id: nodeIds[0], name: 'Start', position: { x: 0, y: 0 }, attributes: [{ type: 'entry_intents', intents: [intent!.id] }] },
        { id: nodeIds[1], name: 'Ask', position: { x: 0, y: 100 }, attributes: [{ type: 'collect_slots', slots: [{ slot_id: slot!.id, prompt: '', reprompt: '', max_attempts: null }] }] },
      ],
      transitions: [{ id: randomUUID(), source: nodeIds[0], target: nodeIds[1] }],
    })
    .returning();
  const [scenario] = await db
    .insert(scenarios)
    .values({ projectId, displayName: 'Orders', nodes: [{ id: randomUUID(), sequence_id: sequence!.id, position: { x: 0, y: 0 } }] })
    .returning();
  // The project counts as synced: deploy and the Real-Time Test have a snapshot to use.
  const data = await readSnapshot(db, projectId);
  const [snapshot] = await db.insert(snapshots).values({ projectId, number: 1, counts: snapshotStats(data), data }).returning();
  const [testCase] = await db.insert(testCases).values({ projectId, question: 'How fast do you ship?', expectType: 'content', expectContentId: content!.id }).returning();
  const [testRun] = await db.insert(testRuns).values({ projectId, snapshotId: snapshot!.id, trigger: 'manual', total: 0, finishedAt: new Date() }).returning();
  const [job] = await db.insert(jobs).values({ kind: 'replay', projectId, status: 'succeeded', done: 1, total: 1, finishedAt: new Date() }).returning();
  const replayed = { response_type: 'content', content_id: content!.id, reporting_id: content!.reportingId, subject: 'Shipping', step: null, confidence: 1 } as const;
  const [replay] = await db
    .insert(replays)
    .values({
      projectId,
      deploymentId: tree.deployment.id,
      baseSnapshotId: snapshot!.id,
      candidateSnapshotId: snapshot!.id,
      jobId: job!.id,
      windowFrom: new Date(Date.now() - 86_400_000),
      windowTo: new Date(),
      questionLimit: 5000,
      summary: { total: 1, groups: { unchanged: 1, changed: 0, newly_refused: 0, newly_answered: 0 }, moves: [], notes: [] },
      finishedAt: new Date(),
    })
    .returning();
  await db.insert(replayItems).values({ replayId: replay!.id, position: 1, question: 'How fast do you ship?', asked: 1, group: 'unchanged', before: replayed, after: replayed, beforeTrace: [], afterTrace: [] });
  const [topic] = await db.insert(insightTopics).values({ projectId, label: 'Do you ship to the moon?', size: 1 }).returning();
  const [cluster] = await db.insert(insightClusters).values({ projectId, topicId: topic!.id, label: 'Do you ship to the moon?', size: 1 }).returning();
  await db.insert(insightQuestions).values({
    answerId: randomUUID(),
    projectId,
    deploymentId: tree.deployment.id,
    convId: randomUUID(),
    askedAt: new Date(),
    utterance: 'Do you ship to the moon?',
    failure: 'oos',
    clusterId: cluster!.id,
    topicId: topic!.id,
  });
  const [channel] = await db
    .insert(channels)
    .values({ projectId, displayName: 'Website Chat', type: 'web', key: randomUUID(), config: DEFAULT_WEB_CHANNEL_CONFIG })
    .returning();
  // One question to the deployment and its answer, stored as the chat path stores them (rollups too).
  const convId = randomUUID();
  const asked = { projectId, deploymentId: tree.deployment.id, convId, utterance: 'How fast do you ship?', integrationType: 'deployment', inputMethod: 'text' } as const;
  const realtimeAnswerId = randomUUID();
  const tried = { ...asked, deploymentId: null, convId: randomUUID(), integrationType: 'realtime' } as const;
  await app.ctx.assistant.events.write([
    eventRecord({ ...tried, issuedAt: new Date(), dataType: 'request', data: { turn: 1 } }),
    eventRecord({ ...tried, id: realtimeAnswerId, issuedAt: new Date(), dataType: 'response', responseType: 'content', contentId: content!.id, data: { turn: 1 } }),
  ]);
  await app.ctx.assistant.events.write([
    eventRecord({ ...asked, issuedAt: new Date(), dataType: 'request', data: { turn: 1 } }),
    eventRecord({
      ...asked,
      issuedAt: new Date(),
      dataType: 'response',
      responseType: 'content',
      contentId: content!.id,
      reportingId: content!.reportingId,
      data: { turn: 1 },
    }),
  ]);
  return {
    workspaceId: tree.workspace.id,
    projectId,
    deploymentId: tree.deployment.id,
    apiKeyId: key!.id,
    member,
    membershipId: tree.memberships[member.id]!,
    projectMembershipId: projectMembership!.id,
    outsider,
    sourceId: source!.id,
    pullId: sourcePull!.id,
    contentId: content!.id,
    reportingId: content!.reportingId,
    utteranceId: utterance!.id,
    actionId: action!.id,
    intentId: intent!.id,
    slotId: slot!.id,
    sequenceId: sequence!.id,
    scenarioId: scenario!.id,
    channelId: channel!.id,
    convId,
    testCaseId: testCase!.id,
    testRunId: testRun!.id,
    jobId: job!.id,
    replayId: replay!.id,
    topicId: topic!.id,
    realtimeAnswerId,
  };
}

/** What any route of the table could change: row counts, and the cell's own rows as stored. */
async function fingerprint(cell: Cell): Promise<string> {
  const { db } = app.ctx;
  const tables = [
    users,
    workspaces,
    projects,
    deployments,
    workspaceMemberships,
    projectMemberships,
    apiKeys,
    invitations,
    passwordResetRequests,
    supportMessages,
    sources,
    sourcePulls,
    contents,
    contentUtterances,
    contentActions,
    intents,
    slots,
    sequences,
    scenarios,
    channels,
    snapshots,
    events,
    testCases,
    testRuns,
    replays,
    insightFixes,
  ];
  // Work that earlier cells set off goes on in the background (the inbox's grouping of their failed
  // or disliked answers makes topics, retention runs are queued): the counts of every project leave
  // it out, and the cell's own project, whose rows follow, has none (a refused call sets off nothing).
  const counts = await Promise.all([
    ...tables.map((table) => countRows(app, table)),
    countRows(app, jobs, notInArray(jobs.kind, ['insight_grouping', 'retention'])),
  ]);
  const rows = await Promise.all([
    db.select().from(users).where(eq(users.id, cell.member.id)),
    db.select().from(workspaces).where(eq(workspaces.id, cell.workspaceId)),
    db.select().from(projects).where(eq(projects.id, cell.projectId)),
    db.select().from(deployments).where(eq(deployments.projectId, cell.projectId)),
    db.select().from(apiKeys).where(eq(apiKeys.id, cell.apiKeyId)),
    db.select().from(workspaceMemberships).where(eq(workspaceMemberships.workspaceId, cell.workspaceId)),
    db.select().from(projectMemberships).where(eq(projectMemberships.projectId, cell.projectId)),
    db.select().from(sources).where(eq(sources.projectId, cell.projectId)),
    db.select().from(contents).where(eq(contents.projectId, cell.projectId)),
    db.select().from(contentUtterances).where(eq(contentUtterances.contentId, cell.contentId)),
    db.select().from(contentActions).where(eq(contentActions.contentId, cell.contentId)),
    db.select().from(intents).where(eq(intents.projectId, cell.projectId)),
    db.select().from(slots).where(eq(slots.projectId, cell.projectId)),
    db.select().from(sequences).where(eq(sequences.projectId, cell.projectId)),
    db.select().from(scenarios).where(eq(scenarios.projectId, cell.projectId)),
    db.select().from(insightTopics).where(eq(insightTopics.projectId, cell.projectId)),
    db.select().from(channels).where(eq(channels.projectId, cell.projectId)),
    db.select().from(testCases).where(eq(testCases.projectId, cell.projectId)),
    db.select().from(jobs).where(eq(jobs.projectId, cell.projectId)),
  ]);
  return JSON.stringify([counts, rows]);
}

/** A fresh workspace and project where each granting caller holds their role (the super user none). */
async function grantingPlace(): Promise<{ workspaceId: string; projectId: string }> {
  const workspaceMembers = granters.flatMap((granter) => {
    const role = granterRoles[granter].workspace;
    return role ? [{ user: grantingActors[granter].user, role }] : [];
  });
  const tree = await createWorkspaceTree(app, workspaceMembers);
  for (const granter of granters) {
    const role = granterRoles[granter].project;
    if (role) await app.ctx.db.insert(projectMemberships).values({ projectId: tree.project.id, userId: grantingActors[granter].user.id, role });
  }
  return { workspaceId: tree.workspace.id, projectId: tree.project.id };
}

/** Every role given in the place, as stored. */
async function membershipsOf(place: { workspaceId: string; projectId: string }): Promise<string> {
  const { db } = app.ctx;
  return JSON.stringify([
    await db.select().from(workspaceMemberships).where(eq(workspaceMemberships.workspaceId, place.workspaceId)).orderBy(workspaceMemberships.id),
    await db.select().from(projectMemberships).where(eq(projectMemberships.projectId, place.projectId)).orderBy(projectMemberships.id),
  ]);
}

async function storedRole(row: GrantRow, place: { workspaceId: string; projectId: string }, userId: string): Promise<string | undefined> {
  const { db } = app.ctx;
  const [stored] =
    row.writes === 'workspace'
      ? await db
          .select({ role: workspaceMemberships.role })
          .from(workspaceMemberships)
          .where(and(eq(workspaceMemberships.workspaceId, place.workspaceId), eq(workspaceMemberships.userId, userId)))
      : await db
          .select({ role: projectMemberships.role })
          .from(projectMemberships)
          .where(and(eq(projectMemberships.projectId, place.projectId), eq(projectMemberships.userId, userId)));
  return stored?.role;
}

function send(row: Row, cell: Cell, token: string | null) {
  if (!row.multipart) return call(app, row.method, row.url(cell), token, row.body?.(cell));
  const { payload, headers } = row.multipart(cell);
  return app.inject({
    method: row.method,
    url: row.url(cell),
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

describe('authorization matrix', () => {
  it('states the rules it claims: a viewer never writes to a workspace, a foreign member never reads one', () => {
    for (const row of table) {
      const workspaceScoped = /\/(workspace|project|api-key|source|content|content-utterance|content-action|intent|slot|sequence|scenario|channel|test-case)\/\{id\}/.test(row.route);
      for (const target of targets) {
        if (row.write && (workspaceScoped || row.route.startsWith('POST /workspace'))) expect(row[target].viewer, `${row.route} viewer`).toBeGreaterThanOrEqual(400);
        if (workspaceScoped) expect(row[target].foreign, `${row.route} foreign`).toBe(404);
        expect(row[target].none, `${row.route} no token`).toBe(401);
      }
    }
  });

  it('grants roles only as the granting table says', () => {
    // Nobody's own e-mail is ever granted a role, except a super user's joining where they have none.
    for (const row of grantRows) {
      for (const granter of granters) {
        for (const role of grantedRoles) {
          const own = row.expect[granter].own?.[role];
          if (own !== undefined && own < 400) expect(`${row.route} ${granter}`).toBe('POST /workspace/{id}/membership/self superUser');
        }
        // Admin is granted to another only by an admin.
        const adminToOther = row.expect[granter].other?.admin;
        if (adminToOther !== undefined && adminToOther < 400) expect(Object.values(granterRoles[granter]), `${row.route} ${granter}`).toContain('admin');
      }
    }
  });

  it('lists every route once', () => {
    const routes = table.map((row) => row.route);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('holds every route a user token opens, and only real routes', async () => {
    // Routes without the bearer scheme are public (sign-in, the chat API) or take a workspace API key
    // (the conversation store): chat.test.ts and analytics.test.ts cover who may call them.
    const elsewhere = new Set([
      // The caller's own session: the same for every caller (session.test.ts).
      'GET /session',
    ]);
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> }>().paths;
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`,
        bearer: operation.security?.some((scheme) => 'bearer' in scheme) ?? false,
      })),
    );
    // A route may have several rows, told apart by a note in parentheses.
    const rows = new Set(table.map((row) => row.route.replace(/ \(.*\)$/, '')));
    expect(documented.filter((route) => route.bearer && !rows.has(route.route) && !elsewhere.has(route.route)).map((route) => route.route)).toEqual([]);
    const known = new Set(documented.map((route) => route.route));
    expect([...rows].filter((route) => !known.has(route))).toEqual([]);
    // The role-granting cells name real routes, each also a row of the table.
    expect(grantRows.map((row) => row.route).filter((route) => !known.has(route) || !rows.has(route))).toEqual([]);
  });

  it('answers every role-granting cell as the granting table says, and a refused grant writes nothing', async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const row of grantRows) {
      for (const granter of granters) {
        for (const [target, byRole] of Object.entries(row.expect[granter]) as [GrantTarget, Record<string, number>][]) {
          for (const role of grantedRoles) {
            const place = await grantingPlace();
            const caller = grantingActors[granter];
            const grantee = target === 'own' ? caller.user : outsider;
            const expected = byRole[role]!;
            const before = await membershipsOf(place);
            const response = await call(app, 'POST', row.url(place), caller.token, row.body(role, grantee.email));
            cells += 1;
            const cell = `${row.route} [${granter} gives ${role} to ${target}]`;
            if (response.statusCode !== expected) failures.push(`${cell}: ${response.statusCode} != ${expected} ${response.body.slice(0, 120)}`);
            else if (expected >= 400 && (await membershipsOf(place)) !== before) failures.push(`${cell}: refused with ${expected} but wrote`);
            else if (expected < 400 && (await storedRole(row, place, grantee.id)) !== role) failures.push(`${cell}: answered ${expected} but did not store ${role}`);
          }
        }
      }
    }
    expect(cells).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 600_000);

  it(`answers every cell as the table says (${table.length} routes x ${callers.length} callers x ${targets.length} targets)`, async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const row of table) {
      for (const target of targets) {
        for (const caller of callers) {
          const cell = await prepare(target);
          const token = caller === 'none' ? null : actors[caller].token;
          const expected = row[target][caller];
          const before = expected >= 400 ? await fingerprint(cell) : null;
          const response = await send(row, cell, token);
          cells += 1;
          if (response.statusCode !== expected) {
            failures.push(`${row.route} [${caller} on ${target}]: ${response.statusCode} != ${expected} ${response.body.slice(0, 120)}`);
          } else if (before !== null && (await fingerprint(cell)) !== before) {
            // A refused call leaves no trace.
            failures.push(`${row.route} [${caller} on ${target}]: refused with ${expected} but wrote`);
          }
        }
      }
    }
    expect(cells).toBe(table.length * callers.length * targets.length);
    expect(failures).toEqual([]);
  }, 600_000);
});
