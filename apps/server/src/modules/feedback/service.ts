import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { FEEDBACK_COMMENT_MAX, feedbackMessages, type chatFeedbackBody, type Feedback, type RedactionKind } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { events, feedback } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { redactToFit } from '../privacy/redaction';

/**
 * Where an answer must have been given for feedback on it to count: a deployment's (the public chat
 * API, `deploymentId`) or the project's Real-Time Test (`deploymentId` null).
 */
export interface FeedbackScope {
  projectId: string;
  deploymentId: string | null;
  /** Who gives it, the key their questions carry (chat/visitors.ts). */
  visitorId: string;
  /** The personal data a comment is redacted of before it is stored (the project's privacy settings). */
  redaction: RedactionKind[];
}

/**
 * Stores a visitor's feedback on an answer, one row per answer: the first creates it, a later one
 * (the visitor changed their mind) replaces its rating and comment. The answer must be a stored
 * response event of the scope's project and deployment (or of its Real-Time Test): one of another
 * deployment, another project, an erased conversation or no answer at all is a 404. Looking the
 * answer up and writing the row are one statement (INSERT ... SELECT ... ON CONFLICT), so an answer
 * erased meanwhile never gets feedback. A thumbs down tells the inbox of failed questions.
 */
export async function storeFeedback(ctx: AppContext, scope: FeedbackScope, body: z.output<typeof chatFeedbackBody>): Promise<Feedback> {
  const now = ctx.now().toISOString();
  const comment = redactToFit(body.comment ?? '', scope.redaction, FEEDBACK_COMMENT_MAX);
  const givenHere: SQL =
    scope.deploymentId === null
      ? and(isNull(events.deploymentId), eq(events.integrationType, 'realtime'))!
      : eq(events.deploymentId, scope.deploymentId);
  const answer = ctx.db
    .select({
      answerId: events.id,
      projectId: events.projectId,
      deploymentId: events.deploymentId,
      convId: events.convId,
      answeredAt: events.issuedAt,
      rating: sql<string>`${body.rating}::text`.as('rating'),
      comment: sql<string>`${comment}::text`.as('comment'),
      visitorId: sql<string>`${scope.visitorId}::text`.as('visitor_id'),
      createdAt: sql<Date>`${now}::timestamptz`.as('created_at'),
      updatedAt: sql<Date>`${now}::timestamptz`.as('updated_at'),
    })
    .from(events)
    .where(and(eq(events.id, body.answer_id), eq(events.projectId, scope.projectId), eq(events.dataType, 'response'), givenHere));
  const [stored] = await ctx.db
    .insert(feedback)
    .select(answer)
    .onConflictDoUpdate({
      target: feedback.answerId,
      set: { rating: sql`excluded.rating`, comment: sql`excluded.comment`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({ answerId: feedback.answerId, rating: feedback.rating, comment: feedback.comment, updatedAt: feedback.updatedAt });
  if (!stored) throw AppError.notFound(feedbackMessages.unknownAnswer);
  if (stored.rating === 'down') ctx.insight.failures.notice(scope.projectId);
  return { answer_id: stored.answerId, rating: stored.rating, comment: stored.comment, updated_at: stored.updatedAt.toISOString() };
}
