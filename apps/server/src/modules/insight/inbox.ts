import { asc, desc, eq, not, sql } from 'drizzle-orm';
import type { inboxQuery, Inbox } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { insightTopics as t } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { pendingFailures } from './collect';
import { countedTopics, describeTopics, dismissedNow, toCounts } from './topics';
import { inboxWindow } from './window';

/**
 * The inbox: the topics of a window's failed questions by impact (questions x conversations). One
 * grouped read counts every topic of the window (the failed questions are their own table, indexed
 * by project and time, so the read never touches the events); the page's topics are then described.
 */
export async function readInbox(ctx: AppContext, { project }: ProjectAccess, query: z.output<typeof inboxQuery>): Promise<Inbox> {
  const window = await inboxWindow(ctx, project.id, query);
  const counted = countedTopics(ctx, window);
  const shown = query.include_dismissed ? undefined : not(dismissedNow);
  const [rows, pending] = await Promise.all([
    ctx.db
      .with(counted)
      .select({
        topicId: counted.topicId,
        questions: counted.questions,
        conversations: counted.conversations,
        oos: counted.oos,
        lowConfidence: counted.lowConfidence,
        error: counted.error,
        disliked: counted.disliked,
        label: t.label,
        dismissedAt: t.dismissedAt,
        lastJoinedAt: t.lastJoinedAt,
        total: sql<number>`(count(*) over ())::int`,
        failedQuestions: sql<number>`(sum(${counted.questions}) over ())::int`,
      })
      .from(counted)
      .innerJoin(t, eq(t.id, counted.topicId))
      .where(shown)
      .orderBy(desc(sql`${counted.questions} * ${counted.conversations}`), desc(counted.questions), asc(t.id))
      .limit(query.limit)
      .offset(query.offset),
    pendingFailures(ctx, project.id),
  ]);
  const records = await describeTopics(ctx, window, rows.map(toCounts));
  return {
    records,
    total: rows[0]?.total ?? 0,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    threshold: window.threshold,
    question_count: rows[0]?.failedQuestions ?? 0,
    pending,
  };
}
