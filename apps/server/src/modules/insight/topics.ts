import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { INSIGHT_SAMPLES, INSIGHT_TOP, insightFailures, type Fix, type InsightFailure, type InsightQuestion, type Topic, type TopicStatus } from '@console/contracts';
import type { AppContext } from '../../context';
import { insightFixes, insightQuestions as q, insightTopics as t, users } from '../../db/schema/index';
import { sharedReason, reasonWording } from './reasons';
import { failuresOf, previousWindow, windowCondition, type InboxWindow } from './window';

/** A topic's counts in a window, as the grouped read gives them. */
export interface TopicCounts {
  topicId: string;
  label: string;
  dismissedAt: Date | null;
  lastJoinedAt: Date;
  questions: number;
  conversations: number;
  failures: Record<InsightFailure, number>;
}

/** The per-topic counts of a window's failed questions (the inbox's one read over all of them). */
export function countedTopics(ctx: AppContext, window: InboxWindow) {
  return ctx.db.$with('counted').as(
    ctx.db
      .select({
        topicId: sql<string>`${q.topicId}`.as('topic_id'),
        questions: sql<number>`count(*)::int`.as('questions'),
        conversations: sql<number>`count(distinct ${q.convId})::int`.as('conversations'),
        oos: sql<number>`(count(*) filter (where ${q.failure} = 'oos'))::int`.as('oos'),
        lowConfidence: sql<number>`(count(*) filter (where ${q.failure} = 'low_confidence' and ${q.confidence} < ${window.threshold}))::int`.as('low_confidence'),
        error: sql<number>`(count(*) filter (where ${q.failure} = 'error'))::int`.as('error'),
        disliked: sql<number>`sum(${q.disliked})::int`.as('disliked'),
      })
      .from(q)
      .where(windowCondition(window))
      .groupBy(q.topicId),
  );
}

/** A dismissed topic stays out of the inbox until a question joins it after its dismissal. */
export const dismissedNow = sql`(${t.dismissedAt} is not null and ${t.lastJoinedAt} <= ${t.dismissedAt})`;

export const questionColumns = {
  answerId: q.answerId,
  topicId: q.topicId,
  convId: q.convId,
  utterance: q.utterance,
  askedAt: q.askedAt,
  deploymentId: q.deploymentId,
  failure: q.failure,
  disliked: q.disliked,
  confidence: q.confidence,
  refusal: q.refusal,
  contentId: q.contentId,
  candidates: q.candidates,
};
type QuestionRow = Pick<typeof q.$inferSelect, keyof typeof questionColumns>;

export function toQuestion(row: QuestionRow, threshold: number): InsightQuestion {
  const given = row.contentId ? row.candidates.find((candidate) => candidate.content_id === row.contentId) : undefined;
  return {
    answer_id: row.answerId,
    conv_id: row.convId,
    utterance: row.utterance,
    asked_at: row.askedAt.toISOString(),
    deployment_id: row.deploymentId,
    failures: failuresOf(row, threshold),
    confidence: row.confidence,
    refusal: row.refusal,
    content_id: row.contentId,
    subject: given?.subject ?? null,
  };
}

/** The fixes of some topics, oldest first, with who made them. */
export async function fixesOf(ctx: AppContext, topicIds: string[]): Promise<Map<string, Fix[]>> {
  const fixes = new Map<string, Fix[]>();
  if (!topicIds.length) return fixes;
  const rows = await ctx.db
    .select({ fix: insightFixes, name: users.displayName })
    .from(insightFixes)
    .leftJoin(users, eq(users.id, insightFixes.createdBy))
    .where(inArray(insightFixes.topicId, topicIds))
    .orderBy(asc(insightFixes.createdAt), asc(insightFixes.id));
  for (const { fix, name } of rows) {
    const listed = fixes.get(fix.topicId) ?? [];
    listed.push({
      id: fix.id,
      kind: fix.kind,
      summary: fix.summary,
      content_id: fix.contentId,
      question_count: fix.questions.length,
      created_by: fix.createdBy,
      created_by_name: name,
      created_at: fix.createdAt.toISOString(),
      check: fix.checkStatus
        ? { status: fix.checkStatus, version: fix.checkVersion, passed: fix.checkPassed, total: fix.checkTotal }
        : null,
    });
    fixes.set(fix.topicId, listed);
  }
  return fixes;
}

function statusOf(counts: Pick<TopicCounts, 'dismissedAt' | 'lastJoinedAt'>, fixes: Fix[]): TopicStatus {
  if (counts.dismissedAt && counts.lastJoinedAt <= counts.dismissedAt) return 'dismissed';
  return fixes.some((fix) => fix.kind !== 'dismiss') ? 'fixed' : 'open';
}

/** The newest INSIGHT_SAMPLES questions of each of the topics in the window. */
function samplesOf(ctx: AppContext, window: InboxWindow, ids: string[]) {
  const ranked = ctx.db
    .select({ ...questionColumns, rank: sql<number>`row_number() over (partition by ${q.topicId} order by ${q.askedAt} desc)`.as('rank') })
    .from(q)
    .where(and(windowCondition(window), inArray(q.topicId, ids)))
    .as('ranked');
  return ctx.db.select().from(ranked).where(sql`${ranked.rank} <= ${INSIGHT_SAMPLES}`);
}

/**
 * The topics as the inbox shows them: for a page of counted topics, what the page needs beyond the
 * counts, each read once for the whole page: the previous window's counts, samples, refusal reasons,
 * the items given or nearly given, and the fixes.
 */
export async function describeTopics(ctx: AppContext, window: InboxWindow, page: TopicCounts[]): Promise<Topic[]> {
  const ids = page.map((topic) => topic.topicId);
  if (!ids.length) return [];
  const inPage = inArray(q.topicId, ids);
  const [previous, samples, reasons, items, fixes] = await Promise.all([
    ctx.db
      .select({ topicId: q.topicId, count: sql<number>`count(*)::int` })
      .from(q)
      .where(and(windowCondition(previousWindow(window)), inPage))
      .groupBy(q.topicId),
    samplesOf(ctx, window, ids),
    ctx.db
      .select({ topicId: q.topicId, first: sql<string>`min(${q.refusal})`, last: sql<string>`max(${q.refusal})`, count: sql<number>`count(*)::int` })
      .from(q)
      .where(and(windowCondition(window), inPage, sql`${q.refusal} is not null`))
      .groupBy(q.topicId, reasonWording(q.refusal)),
    ctx.db
      .select({
        topicId: q.topicId,
        contentId: sql<string>`${q.candidates}->0->>'content_id'`,
        subject: sql<string>`max(${q.candidates}->0->>'subject')`,
        count: sql<number>`count(*)::int`,
        score: sql<number | null>`avg((${q.candidates}->0->>'score')::float8)`,
      })
      .from(q)
      .where(and(windowCondition(window), inPage, sql`jsonb_array_length(${q.candidates}) > 0`))
      .groupBy(q.topicId, sql`${q.candidates}->0->>'content_id'`),
    fixesOf(ctx, ids),
  ]);
  const top = <Row extends { topicId: string | null; count: number }>(rows: Row[], topicId: string) =>
    rows
      .filter((row) => row.topicId === topicId)
      .sort((a, b) => b.count - a.count)
      .slice(0, INSIGHT_TOP);
  return page.map((counts) => {
    const topicFixes = fixes.get(counts.topicId) ?? [];
    const previousCount = previous.find((row) => row.topicId === counts.topicId)?.count ?? 0;
    return {
      id: counts.topicId,
      label: counts.label,
      status: statusOf(counts, topicFixes),
      question_count: counts.questions,
      conversation_count: counts.conversations,
      previous_count: previousCount,
      impact: counts.questions * counts.conversations,
      failures: counts.failures,
      samples: samples
        .filter((row) => row.topicId === counts.topicId)
        .sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime())
        .map((row) => toQuestion(row, window.threshold)),
      reasons: top(reasons, counts.topicId).map((row) => ({ reason: sharedReason(row.first, row.last), count: row.count })),
      items: top(items, counts.topicId).map((row) => ({
        content_id: row.contentId,
        subject: row.subject,
        count: row.count,
        score: row.score === null ? null : Math.round(row.score * 10_000) / 10_000,
      })),
      fixes: topicFixes,
    };
  });
}

/** The counted row of the grouped read as TopicCounts. */
export function toCounts(row: {
  topicId: string;
  label: string;
  dismissedAt: Date | null;
  lastJoinedAt: Date;
  questions: number;
  conversations: number;
  oos: number;
  lowConfidence: number;
  error: number;
  disliked: number;
}): TopicCounts {
  const failures = Object.fromEntries(insightFailures.map((failure) => [failure, 0])) as Record<InsightFailure, number>;
  failures.oos = row.oos;
  failures.low_confidence = row.lowConfidence;
  failures.error = row.error;
  failures.disliked = row.disliked;
  return { ...row, failures };
}
