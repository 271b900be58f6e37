import { and, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { INSIGHT_DEFAULT_WINDOW_DAYS, INSIGHT_MAX_WINDOW_DAYS, insightMessages, type inboxQuery, type InsightFailure } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deployments, insightQuestions as q } from '../../db/schema/index';
import { AppError } from '../../platform/errors';

const DAY_MS = 86_400_000;

/** What the inbox reads: a window of time, a deployment (or all), and the confidence below which an answer failed. */
export interface InboxWindow {
  projectId: string;
  from: Date;
  to: Date;
  /** undefined: every deployment (the Real-Time Test only when included); null: a key naming none of the project's. */
  deploymentId: string | null | undefined;
  includeRealtime: boolean;
  threshold: number;
}

type WindowQuery = Pick<z.output<typeof inboxQuery>, 'from' | 'to' | 'deployment_key' | 'threshold' | 'include_realtime'>;

export async function inboxWindow(ctx: AppContext, projectId: string, query: WindowQuery): Promise<InboxWindow> {
  const to = query.to ?? ctx.now();
  const from = query.from ?? new Date(to.getTime() - INSIGHT_DEFAULT_WINDOW_DAYS * DAY_MS);
  if (from >= to) throw AppError.badRequest(insightMessages.windowReversed);
  if (to.getTime() - from.getTime() > INSIGHT_MAX_WINDOW_DAYS * DAY_MS) throw AppError.badRequest(insightMessages.windowTooLong);
  let deploymentId: string | null | undefined;
  if (query.deployment_key) {
    const [row] = await ctx.db
      .select({ id: deployments.id })
      .from(deployments)
      .where(and(eq(deployments.projectId, projectId), eq(deployments.key, query.deployment_key)))
      .limit(1);
    deploymentId = row?.id ?? null;
  }
  return { projectId, from, to, deploymentId, includeRealtime: query.include_realtime ?? false, threshold: query.threshold };
}

/** The window before this one, of the same length: the trend's baseline. */
export function previousWindow(window: InboxWindow): InboxWindow {
  const length = window.to.getTime() - window.from.getTime();
  return { ...window, from: new Date(window.from.getTime() - length), to: window.from };
}

/** A stored question failed under this window's threshold: refused, an error, below the threshold, or disliked. */
export function failedCondition(threshold: number): SQL {
  return or(inArray(q.failure, ['oos', 'error']), and(eq(q.failure, 'low_confidence'), lt(q.confidence, threshold)), eq(q.disliked, 1))!;
}

/** The grouped failed questions of a window. */
export function windowCondition(window: InboxWindow): SQL {
  const deployment =
    window.deploymentId === null ? sql`false` : window.deploymentId ? eq(q.deploymentId, window.deploymentId) : window.includeRealtime ? undefined : isNotNull(q.deploymentId);
  return and(eq(q.projectId, window.projectId), gte(q.askedAt, window.from), lt(q.askedAt, window.to), deployment, isNotNull(q.topicId), failedCondition(window.threshold))!;
}

/** Why a stored question counts as failed in this window, in the order the inbox shows them. */
export function failuresOf(row: { failure: string | null; confidence: number | null; disliked: number }, threshold: number): InsightFailure[] {
  const failures: InsightFailure[] = [];
  if (row.failure === 'oos' || row.failure === 'error') failures.push(row.failure);
  if (row.failure === 'low_confidence' && row.confidence !== null && row.confidence < threshold) failures.push('low_confidence');
  if (row.disliked) failures.push('disliked');
  return failures;
}
