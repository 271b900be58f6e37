import { sql, type SQL } from 'drizzle-orm';
import {
  ERASURE_MAX_CONVERSATIONS,
  ERASURE_MAX_TEST_CASES,
  ERASURE_SAMPLE_SIZE,
  type ErasureCounts,
  type ErasurePreview,
  type erasureBody,
  type erasurePreviewBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { auditedProject, recordAudit } from '../audit/record';
import { deleteConversations } from './delete-conversations';

/**
 * Erasure: a visitor's conversations deleted for good on request, named by id or found by a value
 * they gave (an e-mail address, a name), with the test cases made from them. A preview says what an
 * erasure would take and lists it; the erasure is given that list, so the two agree exactly however
 * many questions arrive in between.
 */

/** Whose conversations a caller may erase: a project's (project admins), or one deployment's (an API key). */
export interface ErasureScope {
  project: { id: string; displayName: string; workspaceId: string };
  /** Set for an API key: only its deployment's conversations. */
  deploymentId?: string;
}

/** An id list as one JSON parameter, read back as rows of uuids: one bound value however long the list. */
const idsOf = (ids: readonly string[]) => sql`SELECT value::uuid FROM json_array_elements_text(${JSON.stringify(ids)}::json)`;

const inDeployment = (scope: ErasureScope, column: SQL) => (scope.deploymentId ? sql` AND ${column} = ${scope.deploymentId}` : sql``);

/**
 * Whether a column holds the value, ignoring case: a regular expression told to read the value as
 * literal text (`***=`), which PostgreSQL matches in about half the time ILIKE takes over traces.
 */
const holding = (column: SQL, value: string) => sql`${column} ~* ${`***=${value}`}`;

/**
 * The conversations of the scope holding the value anywhere it is stored: a question or an answer
 * (the events' text and JSON, traces included), a feedback comment, or the state as typed kept for a
 * conversation's next turn, which still holds what redaction replaced by markers in the events.
 * Reads the project's events once, by its index; newest conversations first.
 */
function conversationsHolding(scope: ErasureScope, value: string, limit: number): SQL {
  const matches = (column: SQL) => holding(column, value);
  return sql`
    SELECT c.conv_id FROM conversations c
    WHERE c.project_id = ${scope.project.id}${inDeployment(scope, sql`c.deployment_id`)} AND c.conv_id IN (
      SELECT e.conv_id FROM events e
      WHERE e.project_id = ${scope.project.id}${inDeployment(scope, sql`e.deployment_id`)} AND (${matches(sql`e.utterance`)} OR ${matches(sql`e.data::text`)})
      UNION SELECT f.conv_id FROM feedback f WHERE f.project_id = ${scope.project.id} AND ${matches(sql`f.comment`)}
      UNION SELECT x.conv_id FROM conversation_contexts x WHERE x.project_id = ${scope.project.id} AND ${matches(sql`x.state::text`)}
    )
    ORDER BY c.issued_at DESC, c.conv_id LIMIT ${limit}`;
}

/** The scope's conversations among `ids`, newest first. */
function conversationsAmong(scope: ErasureScope, ids: readonly string[]): SQL {
  return sql`
    SELECT c.conv_id FROM conversations c
    WHERE c.project_id = ${scope.project.id}${inDeployment(scope, sql`c.deployment_id`)} AND c.conv_id IN (${idsOf(ids)})
    ORDER BY c.issued_at DESC, c.conv_id`;
}

/**
 * The project's test cases that go with the conversations `convIds`: those made from them and, with
 * a value, those whose question or earlier questions hold it; with `among`, only those listed.
 */
function testCasesOf(projectId: string, convIds: readonly string[], value: string | undefined, among?: readonly string[]): SQL {
  return sql`
    SELECT t.id FROM test_cases t
    WHERE t.project_id = ${projectId}
      AND (t.conv_id IN (${idsOf(convIds)})
        ${value === undefined ? sql`` : sql`OR ${holding(sql`t.question`, value)} OR ${holding(sql`array_to_string(t.context, chr(10))`, value)}`})
      ${among ? sql`AND t.id IN (${idsOf(among)})` : sql``}
    ORDER BY t.created_at, t.id LIMIT ${ERASURE_MAX_TEST_CASES}`;
}

const rowsOf = async <Row>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** What an erasure would take, listed for the erasure to be given: at most ERASURE_MAX_CONVERSATIONS conversations. */
export async function previewErasure(ctx: AppContext, scope: ErasureScope, body: z.output<typeof erasurePreviewBody>): Promise<ErasurePreview> {
  const found =
    body.value === undefined
      ? await rowsOf<{ conv_id: string }>(ctx.db, conversationsAmong(scope, body.conv_ids ?? []))
      : await rowsOf<{ conv_id: string }>(ctx.db, conversationsHolding(scope, body.value, ERASURE_MAX_CONVERSATIONS + 1));
  const convIds = found.slice(0, ERASURE_MAX_CONVERSATIONS).map((row) => row.conv_id);
  const listed = sql`(${idsOf(convIds)})`;
  const [[counts], sample, testCases] = await Promise.all([
    rowsOf<{ events: number; feedback: number }>(
      ctx.db,
      sql`SELECT (SELECT count(*) FROM events WHERE project_id = ${scope.project.id} AND conv_id IN ${listed})::int AS events,
        (SELECT count(*) FROM feedback WHERE project_id = ${scope.project.id} AND conv_id IN ${listed})::int AS feedback`,
    ),
    rowsOf<{ conv_id: string; issued_at: Date | string; first_utterance: string | null; event_count: number }>(
      ctx.db,
      sql`SELECT conv_id, issued_at, first_utterance, event_count FROM conversations
        WHERE project_id = ${scope.project.id} AND conv_id IN ${listed} ORDER BY issued_at DESC, conv_id LIMIT ${ERASURE_SAMPLE_SIZE}`,
    ),
    rowsOf<{ id: string }>(ctx.db, testCasesOf(scope.project.id, convIds, body.value)),
  ]);
  return {
    conversations: convIds.length,
    events: Number(counts?.events ?? 0),
    feedback: Number(counts?.feedback ?? 0),
    test_cases: testCases.length,
    conv_ids: convIds,
    test_case_ids: testCases.map((row) => row.id),
    more: found.length > ERASURE_MAX_CONVERSATIONS,
    sample: sample.map((row) => ({
      conv_id: row.conv_id,
      issued_at: new Date(row.issued_at).toISOString(),
      first_utterance: row.first_utterance,
      event_count: Number(row.event_count),
    })),
  };
}

/**
 * Erases what a preview listed, in one transaction: the scope's conversations among `conv_ids`
 * (others' ids, and those gone meanwhile, are passed over), whole, as retention deletes them; the
 * test cases made from them; and the listed test cases that still go with them (made from them, or
 * holding the preview's value), with their results in earlier runs, whose counts follow; and the
 * audit log's entry, so there is no erasure without its entry.
 */
export async function eraseConversations(ctx: AppContext, scope: ErasureScope, body: z.output<typeof erasureBody>): Promise<ErasureCounts> {
  return ctx.db.transaction(async (tx) => {
    // Locked first, so a turn of one of them being stored now either lands before (and is erased) or waits.
    const doomed = (await rowsOf<{ conv_id: string }>(tx, sql`${conversationsAmong(scope, body.conv_ids)} FOR UPDATE OF c`)).map((row) => row.conv_id);
    const cases = (await rowsOf<{ id: string }>(tx, testCasesOf(scope.project.id, doomed, body.value, body.test_case_ids))).map((row) => row.id);
    const gone = await deleteConversations(tx, scope.project.id, idsOf(doomed));
    await deleteTestCases(tx, scope.project.id, cases);
    const erased = { ...gone, test_cases: cases.length };
    // How many, never what: the entry must not keep what was erased.
    await recordAudit({ ...ctx, db: tx }, { action: 'conversations.erased', ...auditedProject(scope.project), details: erased });
    return erased;
  });
}

/** Test cases with their results, which repeat the question; a run's counts are of the results it keeps. */
async function deleteTestCases(tx: Db, projectId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`
    WITH gone_results AS (
      DELETE FROM test_results r USING test_runs u
      WHERE r.run_id = u.id AND u.project_id = ${projectId} AND r.case_id IN (${idsOf(ids)})
      RETURNING r.run_id, r.passed
    ),
    per_run AS (SELECT run_id, count(*)::int AS n, (count(*) FILTER (WHERE passed))::int AS passed FROM gone_results GROUP BY run_id),
    counted AS (
      UPDATE test_runs u SET total = u.total - p.n, passed = u.passed - p.passed, failed = u.failed - (p.n - p.passed)
      FROM per_run p WHERE u.id = p.run_id
    )
    DELETE FROM test_cases WHERE project_id = ${projectId} AND id IN (${idsOf(ids)})`);
}
