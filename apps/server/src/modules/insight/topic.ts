import { and, desc, eq, sql } from 'drizzle-orm';
import { INSIGHT_TOP, type topicQuestionsQuery, type TopicDetail } from '@console/contracts';
import { isStopWord, words } from '@console/engine';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contents, contentUtterances, insightQuestions as q, insightTopics as t } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { countedTopics, describeTopics, questionColumns, toCounts, toQuestion } from './topics';
import { inboxWindow, windowCondition } from './window';

/** The topic the path names, within the checked project (404 otherwise). */
export async function topicOf(db: Db, projectId: string, topicId: string) {
  const [topic] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, topicId), eq(t.projectId, projectId)));
  if (!topic) throw AppError.notFound();
  return topic;
}

/** The texts of a topic's questions a suggestion reads: the newest few hundred distinct ones. */
const READ_FOR_WORDS = 500;
/** A word is shared when at least this share of the topic's questions use it (and two at least). */
const SHARED_SHARE = 0.2;

/**
 * A topic with its window's questions (paged) and what a fix starts from: the items nearest its
 * questions (their traces' candidate scores averaged over all its questions: what the assistant nearly answered, items
 * deleted since left out) and the words most of its questions share that the project's content never
 * uses (a jargon mapping's terms).
 */
export async function readTopic(ctx: AppContext, { project }: ProjectAccess, topicId: string, query: z.output<typeof topicQuestionsQuery>): Promise<TopicDetail> {
  const topic = await topicOf(ctx.db, project.id, topicId);
  const window = await inboxWindow(ctx, project.id, query);
  const counted = countedTopics(ctx, window);
  const inTopic = and(windowCondition(window), eq(q.topicId, topic.id));
  const [[counts], questions, [total], suggested, texts] = await Promise.all([
    ctx.db.with(counted).select().from(counted).where(eq(counted.topicId, topic.id)),
    ctx.db.select(questionColumns).from(q).where(inTopic).orderBy(desc(q.askedAt), desc(q.answerId)).limit(query.limit).offset(query.offset),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(q).where(inTopic),
    ctx.db
      .select({
        contentId: sql<string>`candidate->>'content_id'`,
        subject: contents.subject,
        score: sql<number>`sum(coalesce((candidate->>'score')::float8, 0)) / ${Math.max(1, topic.size)}`,
      })
      .from(sql`${q} cross join lateral jsonb_array_elements(${q.candidates}) as candidate`)
      .innerJoin(contents, sql`${contents.id} = (candidate->>'content_id')::uuid and ${contents.projectId} = ${project.id}`)
      .where(eq(q.topicId, topic.id))
      .groupBy(sql`candidate->>'content_id'`, contents.subject)
      .orderBy(desc(sql`sum(coalesce((candidate->>'score')::float8, 0))`))
      .limit(INSIGHT_TOP),
    ctx.db.selectDistinct({ utterance: q.utterance }).from(q).where(eq(q.topicId, topic.id)).limit(READ_FOR_WORDS),
  ]);
  const [described] = await describeTopics(ctx, window, [
    toCounts(
      counts
        ? { ...counts, label: topic.label, dismissedAt: topic.dismissedAt, lastJoinedAt: topic.lastJoinedAt }
        : { topicId: topic.id, label: topic.label, dismissedAt: topic.dismissedAt, lastJoinedAt: topic.lastJoinedAt, questions: 0, conversations: 0, oos: 0, lowConfidence: 0, error: 0, disliked: 0 },
    ),
  ]);
  return {
    topic: described!,
    questions: questions.map((row) => toQuestion(row, window.threshold)),
    total: total?.count ?? 0,
    suggested_items: suggested.map((row) => ({ content_id: row.contentId, subject: row.subject, score: Math.round(row.score * 10_000) / 10_000 })),
    shared_words: await sharedWords(ctx, project.id, texts.map((row) => row.utterance)),
  };
}

/** The words at least SHARED_SHARE of the texts use, most used first, leaving out those the project's content already uses. */
async function sharedWords(ctx: AppContext, projectId: string, texts: string[]): Promise<{ word: string; count: number }[]> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(words(text.toLowerCase()))) {
      if (word.length < 3 || isStopWord(word) || /^\d+$/.test(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const needed = Math.max(2, Math.ceil(texts.length * SHARED_SHARE));
  const shared = [...counts].filter(([, count]) => count >= needed).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const known = new Set<string>();
  for (const [word] of shared.slice(0, INSIGHT_TOP * 3)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [used] = await ctx.db
      .select({ id: contents.id })
      .from(contents)
      .leftJoin(contentUtterances, eq(contentUtterances.contentId, contents.id))
      .where(and(eq(contents.projectId, projectId), sql`(${contents.subject} ilike ${pattern} or ${contentUtterances.text} ilike ${pattern})`))
      .limit(1);
    if (used) known.add(word);
  }
  return shared
    .filter(([word]) => !known.has(word))
    .slice(0, INSIGHT_TOP)
    .map(([word, count]) => ({ word, count }));
}
