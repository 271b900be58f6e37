import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { INSIGHT_MAX_THRESHOLD } from '@console/contracts';
import type { AppContext } from '../../context';
import { events, feedback, insightCursors, insightQuestions } from '../../db/schema/index';
import { failedAnswer, type FailedAnswer, type OutcomeEvent } from './failed-answers';

/**
 * Events and feedback are read only once they are this old: a batch of events is stamped when its
 * questions are answered and committed a moment later, so a batch answered earlier may commit after
 * a later one; reading behind the newest by this much never passes one by.
 */
export const SETTLE_MS = 2_000;
/** Outcome events read per pass: one short statement, whatever the traffic. */
const EVENTS_AT_ONCE = 200;

const outcomeColumns = {
  id: events.id,
  issuedAt: events.issuedAt,
  deploymentId: events.deploymentId,
  convId: events.convId,
  utterance: events.utterance,
  dataType: events.dataType,
  responseType: events.responseType,
  contentId: events.contentId,
  data: events.data,
};

/** answerFailed (contracts) as a condition on the events, with errors, which fail whatever they say. */
const failedOutcome = or(
  eq(events.dataType, 'error'),
  eq(events.responseType, 'oos'),
  and(eq(events.responseType, 'content'), sql`(${events.data}->'response'->>'confidence')::float8 < ${INSIGHT_MAX_THRESHOLD}`),
)!;

/** A pass's outcome events with the data of the failed ones only: most answers did not fail, and failedAnswer never reads their traces. */
const passColumns = { ...outcomeColumns, data: sql<Record<string, unknown>>`CASE WHEN ${failedOutcome} THEN ${events.data} ELSE '{}'::json END` };

function questionRow(projectId: string, failed: FailedAnswer, disliked: boolean) {
  return { ...failed, projectId, disliked: disliked ? 1 : 0 };
}

/**
 * One pass over what a project stored since the last: its failed answers (from its outcome events,
 * after the cursor) and its visitors' feedback (a thumbs down keeps its answer whatever it was; a
 * thumbs up withdraws a dislike). Written with the cursor in one transaction, so a pass repeated
 * after a crash reads the same and adds nothing twice. Says whether more waits.
 */
export async function collectFailures(ctx: AppContext, projectId: string): Promise<{ collected: number; more: boolean }> {
  const settled = new Date(ctx.now().getTime() - SETTLE_MS);
  const [cursor] = await ctx.db.select().from(insightCursors).where(eq(insightCursors.projectId, projectId));
  const after = afterCursor(cursor);
  const outcomes = (await ctx.db
    .select(passColumns)
    .from(events)
    .where(and(eq(events.projectId, projectId), inArray(events.dataType, ['response', 'error']), lt(events.issuedAt, settled), after))
    .orderBy(asc(events.issuedAt), asc(events.id))
    .limit(EVENTS_AT_ONCE)) as OutcomeEvent[];
  const failed = outcomes.flatMap((event) => failedAnswer(event) ?? []);

  const rated = await ctx.db
    .select({ answerId: feedback.answerId, rating: feedback.rating, updatedAt: feedback.updatedAt })
    .from(feedback)
    .where(and(eq(feedback.projectId, projectId), lt(feedback.updatedAt, settled), cursor?.feedbackAt ? gt(feedback.updatedAt, cursor.feedbackAt) : undefined))
    .orderBy(asc(feedback.updatedAt))
    .limit(EVENTS_AT_ONCE);
  const dislikedIds = rated.filter((row) => row.rating === 'down').map((row) => row.answerId);
  const likedIds = rated.filter((row) => row.rating === 'up').map((row) => row.answerId);
  // A disliked answer the events pass has not kept (answered well enough, or not read yet): kept now.
  const dislikedEvents = dislikedIds.length
    ? ((await ctx.db
        .select(outcomeColumns)
        .from(events)
        .where(and(eq(events.projectId, projectId), inArray(events.id, dislikedIds), eq(events.dataType, 'response')))) as OutcomeEvent[])
    : [];

  const last = outcomes.at(-1);
  const lastRated = rated.at(-1);
  await ctx.db.transaction(async (tx) => {
    const rows = [
      ...failed.map((answer) => questionRow(projectId, answer, false)),
      ...dislikedEvents.flatMap((event) => {
        const answer = failedAnswer(event, true);
        return answer ? [questionRow(projectId, answer, true)] : [];
      }),
    ];
    for (let start = 0; start < rows.length; start += 200) {
      await tx.insert(insightQuestions).values(rows.slice(start, start + 200)).onConflictDoNothing();
    }
    if (dislikedIds.length) await tx.update(insightQuestions).set({ disliked: 1 }).where(inArray(insightQuestions.answerId, dislikedIds));
    if (likedIds.length) await tx.update(insightQuestions).set({ disliked: 0 }).where(inArray(insightQuestions.answerId, likedIds));
    const moved = {
      ...(last ? { eventAt: last.issuedAt, eventId: last.id } : {}),
      ...(lastRated ? { feedbackAt: lastRated.updatedAt } : {}),
    };
    await tx
      .insert(insightCursors)
      .values({ projectId, ...moved })
      .onConflictDoUpdate({ target: insightCursors.projectId, set: { ...moved, updatedAt: ctx.now() } });
  });
  return { collected: failed.length + dislikedEvents.length, more: outcomes.length === EVENTS_AT_ONCE || rated.length === EVENTS_AT_ONCE };
}

/** The condition on events after a project's cursor (every event when it has none). */
function afterCursor(cursor: { eventAt: Date | null; eventId: string | null } | undefined) {
  return cursor?.eventAt && cursor.eventId ? sql`(${events.issuedAt}, ${events.id}) > (${cursor.eventAt.toISOString()}::timestamptz, ${cursor.eventId}::uuid)` : undefined;
}

/**
 * Failed questions stored but not grouped yet: those collected and waiting for the grouping, and
 * the failed answers among the events not read yet (a few seconds' worth while the grouping keeps up).
 */
export async function pendingFailures(ctx: AppContext, projectId: string): Promise<number> {
  const [cursor] = await ctx.db.select().from(insightCursors).where(eq(insightCursors.projectId, projectId));
  const [[ungrouped], [unread]] = await Promise.all([
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(insightQuestions)
      .where(and(eq(insightQuestions.projectId, projectId), isNull(insightQuestions.clusterId))),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.projectId, projectId), inArray(events.dataType, ['response', 'error']), afterCursor(cursor), failedOutcome)),
  ]);
  return (ungrouped?.count ?? 0) + (unread?.count ?? 0);
}
