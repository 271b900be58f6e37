import type { UserRow } from '../../src/db/schema/index';

/**
 * The vocabulary of the authorization matrix (../authorization-matrix.test.ts): who calls, on what,
 * and what each caller must get. Each domain lists its routes in a rows-*.ts file beside this one.
 *
 * Rule: a caller who may not read a resource gets 404 (its existence is not revealed); one who may
 * read it but not do the action gets 403; super-user-only actions answer 403 to everyone else.
 */

export const callers = ['none', 'viewer', 'editor', 'admin', 'super', 'foreign'] as const;
export type Caller = (typeof callers)[number];
export const targets = ['own', 'other'] as const;
export type Target = (typeof targets)[number];
type Expect = Record<Caller, number>;

/**
 * Fresh resources for one cell, all in one workspace: 'own' when the role callers are its members,
 * 'other' when none of them is.
 */
export interface Cell {
  workspaceId: string;
  projectId: string;
  deploymentId: string;
  apiKeyId: string;
  /** A member (viewer) of the target workspace, not one of the callers, also a direct project viewer. */
  member: UserRow;
  membershipId: string;
  projectMembershipId: string;
  /** A user of no workspace, to be added as a member. */
  outsider: UserRow;
  /** A rich_editor source with one header section, pulled into `contentId`. */
  sourceId: string;
  /** A finished pull of the source. */
  pullId: string;
  /** A content item of the source with one utterance and one action. */
  contentId: string;
  /** The content item's reporting id. */
  reportingId: string;
  utteranceId: string;
  actionId: string;
  intentId: string;
  slotId: string;
  /** A sequence of two nodes naming the intent and the slot. */
  sequenceId: string;
  /** A draft scenario whose one node is the sequence. */
  scenarioId: string;
  /** A draft web channel with the default configuration. */
  channelId: string;
  /** A conversation of the deployment: one question and its answer (the content item). */
  convId: string;
  /** A test case expecting the content item. */
  testCaseId: string;
  /** A finished test run of the case against version 1. */
  testRunId: string;
  /** The finished job of the replay. */
  jobId: string;
  /** A finished replay of the deployment (version 1 against itself) with one item. */
  replayId: string;
  topicId: string;
  /** A Real-Time Test answer of the cell's project. */
  realtimeAnswerId: string;
}

export interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (cell: Cell) => string;
  body?: (cell: Cell) => unknown;
  /** A multipart body instead of JSON (archive import). */
  multipart?: (cell: Cell) => { payload: Buffer; headers: Record<string, string> };
  write: boolean;
  own: Expect;
  other: Expect;
}

/** Shorthands: everyone but 'none' gets `rest` unless named. */
export const e = (rest: number, named: Partial<Expect> = {}): Expect => ({
  none: 401,
  viewer: rest,
  editor: rest,
  admin: rest,
  super: rest,
  foreign: rest,
  ...named,
});
/** Routes whose target does not depend on the workspace: one expectation for both targets. */
export const same = (expect: Expect) => ({ own: expect, other: expect });
export const superOnly = (ok: number) => same(e(403, { super: ok }));
/** Workspace-scoped: members act by role on their own workspace; elsewhere only the super user may read. */
export const scoped = (own: Partial<Expect>, superOther: number) => ({
  own: e(404, { viewer: 403, editor: 403, admin: 403, super: 403, ...own }),
  other: e(404, { super: superOther }),
});
export const readRule = { own: e(200, { foreign: 404 }), other: e(404, { super: 200 }) };

/** Project areas: every reader reads (super users too); editors and admins write; admins delete. */
export const projectRead = readRule;
export const projectWrite = (ok: number) => scoped({ editor: ok, admin: ok }, 403);
export const projectDelete = (ok: number) => scoped({ admin: ok }, 403);
