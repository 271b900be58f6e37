import { sql, type SQL } from 'drizzle-orm';
import { TOPIC_WITHOUT_QUESTIONS_LABEL } from '@console/contracts';
import type { Db } from '../../db/client';

/** What deleting some conversations took. */
export interface DeletedConversations {
  conversations: number;
  events: number;
  feedback: number;
}

/**
 * Deletes a project's conversations whole, the one deletion of retention and erasure: with their
 * events, feedback, failed questions and kept state, in one statement that takes what it deletes off
 * the hourly counts and the visitors the dashboard adds up, so they stay true for what remains. Then,
 * in the same transaction (`tx`), the hours left with nothing to count, and the inbox's clusters and
 * topics that lost questions: one left with none and no fix goes, one whose label was a deleted question is
 * labelled with its newest question left (or, kept for its fixes alone, with no question's words).
 * `doomed` selects the conversations' ids (its one column, whatever its name), of this project only,
 * and may lock them.
 */
export async function deleteConversations(tx: Db, projectId: string, doomed: SQL): Promise<DeletedConversations> {
  const result = (await tx.execute(sql`
    WITH doomed(conv_id) AS MATERIALIZED (${doomed}),
    gone_events AS (
      DELETE FROM events e WHERE e.project_id = ${projectId} AND e.conv_id IN (SELECT conv_id FROM doomed)
      RETURNING e.deployment_id, e.issued_at, e.data_type, e.response_type, e.integration_type, e.input_method
    ),
    event_hours AS (
      SELECT deployment_id, date_trunc('hour', issued_at, 'UTC') AS hour, data_type, response_type, integration_type, input_method, count(*) AS n
      FROM gone_events GROUP BY 1, 2, 3, 4, 5, 6
    ),
    counted_events AS (
      UPDATE event_counts c SET count = c.count - h.n FROM event_hours h
      WHERE c.project_id = ${projectId} AND c.hour = h.hour AND c.deployment_id IS NOT DISTINCT FROM h.deployment_id AND c.data_type = h.data_type
        AND c.response_type IS NOT DISTINCT FROM h.response_type AND c.integration_type = h.integration_type AND c.input_method = h.input_method
    ),
    gone_conversations AS (
      DELETE FROM conversations v WHERE v.project_id = ${projectId} AND v.conv_id IN (SELECT conv_id FROM doomed)
      RETURNING v.conv_id, v.deployment_id, v.issued_at, v.visitor_id, v.request_count, v.response_count, v.error_count, v.oos_count,
        v.content_count, v.scenario_count, v.handoff_count
    ),
    conversation_hours AS (
      SELECT deployment_id, date_trunc('hour', issued_at, 'UTC') AS hour, count(*)::int AS n,
        count(*) FILTER (WHERE request_count > 0)::int AS requests, count(*) FILTER (WHERE response_count > 0)::int AS responses,
        count(*) FILTER (WHERE error_count > 0)::int AS errors, count(*) FILTER (WHERE oos_count > 0)::int AS oos,
        count(*) FILTER (WHERE content_count > 0)::int AS content, count(*) FILTER (WHERE scenario_count > 0)::int AS scenario,
        count(*) FILTER (WHERE handoff_count > 0)::int AS handoff
      FROM gone_conversations GROUP BY 1, 2
    ),
    counted_conversations AS (
      UPDATE conversation_counts c SET conversations = c.conversations - h.n, with_requests = c.with_requests - h.requests,
        with_responses = c.with_responses - h.responses, with_errors = c.with_errors - h.errors, with_oos = c.with_oos - h.oos,
        with_content = c.with_content - h.content, with_scenario = c.with_scenario - h.scenario, with_handoff = c.with_handoff - h.handoff
      FROM conversation_hours h
      WHERE c.project_id = ${projectId} AND c.hour = h.hour AND c.deployment_id IS NOT DISTINCT FROM h.deployment_id
    ),
    gone_visitors AS (
      DELETE FROM visitors s USING (SELECT DISTINCT deployment_id, visitor_id, conv_id FROM gone_conversations) g
      WHERE s.project_id = ${projectId} AND s.deployment_id IS NOT DISTINCT FROM g.deployment_id AND s.visitor_id = coalesce(g.visitor_id, g.conv_id::text)
        AND NOT EXISTS (
          SELECT 1 FROM conversations o
          WHERE o.project_id = ${projectId} AND o.visitor_id = g.visitor_id AND o.deployment_id IS NOT DISTINCT FROM g.deployment_id
            AND o.conv_id NOT IN (SELECT conv_id FROM doomed)
        )
    ),
    gone_feedback AS (DELETE FROM feedback f WHERE f.project_id = ${projectId} AND f.conv_id IN (SELECT conv_id FROM doomed) RETURNING 1),
    gone_questions AS (
      DELETE FROM insight_questions q WHERE q.project_id = ${projectId} AND q.conv_id IN (SELECT conv_id FROM doomed) RETURNING q.topic_id, q.cluster_id
    ),
    gone_contexts AS (DELETE FROM conversation_contexts x WHERE x.project_id = ${projectId} AND x.conv_id IN (SELECT conv_id FROM doomed))
    SELECT (SELECT count(*) FROM gone_conversations)::int AS conversations, (SELECT count(*) FROM gone_events)::int AS events,
      (SELECT count(*) FROM gone_feedback)::int AS feedback,
      (SELECT min(hour) FROM event_hours)::text AS first_hour, (SELECT max(hour) FROM event_hours)::text AS last_hour,
      (SELECT coalesce(json_agg(DISTINCT topic_id), '[]') FROM gone_questions WHERE topic_id IS NOT NULL)::text AS topics,
      (SELECT coalesce(json_agg(DISTINCT cluster_id), '[]') FROM gone_questions WHERE cluster_id IS NOT NULL)::text AS clusters`)) as {
    rows: { conversations: number; events: number; feedback: number; first_hour: string | null; last_hour: string | null; topics: string; clusters: string }[];
  };
  const row = result.rows[0]!;
  if (row.first_hour && row.last_hour) {
    // Hours left with nothing to count are no hours of activity. A conversation is counted in the
    // hour of its first question, one of its events' hours.
    const hours = sql`hour BETWEEN ${row.first_hour}::timestamptz AND ${row.last_hour}::timestamptz`;
    await tx.execute(sql`DELETE FROM event_counts WHERE project_id = ${projectId} AND ${hours} AND count <= 0`);
    await tx.execute(sql`DELETE FROM conversation_counts WHERE project_id = ${projectId} AND ${hours} AND conversations <= 0`);
  }
  if (row.clusters !== '[]') await settleGroups(tx, projectId, 'insight_clusters', row.clusters);
  if (row.topics !== '[]') await settleGroups(tx, projectId, 'insight_topics', row.topics);
  return { conversations: Number(row.conversations), events: Number(row.events), feedback: Number(row.feedback) };
}

/**
 * The clusters or topics (a JSON array of ids) that lost questions: the inbox counts their questions
 * live, so only their labels and the empty ones are left to settle. Clusters go first, so a topic
 * left with no question has no cluster either.
 */
async function settleGroups(tx: Db, projectId: string, table: 'insight_clusters' | 'insight_topics', ids: string): Promise<void> {
  const touched = sql`SELECT value::uuid FROM json_array_elements_text(${ids}::json)`;
  const [groups, column] = table === 'insight_clusters' ? [sql`insight_clusters`, sql`cluster_id`] : [sql`insight_topics`, sql`topic_id`];
  const keptForFixes = table === 'insight_topics' ? sql`AND NOT EXISTS (SELECT 1 FROM insight_fixes f WHERE f.topic_id = t.id)` : sql``;
  await tx.execute(sql`
    DELETE FROM ${groups} t WHERE t.project_id = ${projectId} AND t.id IN (${touched})
      AND NOT EXISTS (SELECT 1 FROM insight_questions q WHERE q.${column} = t.id) ${keptForFixes}`);
  await tx.execute(sql`
    UPDATE ${groups} t
    SET label = coalesce((SELECT q.utterance FROM insight_questions q WHERE q.${column} = t.id ORDER BY q.asked_at DESC LIMIT 1), ${TOPIC_WITHOUT_QUESTIONS_LABEL})
    WHERE t.project_id = ${projectId} AND t.id IN (${touched})
      AND NOT EXISTS (SELECT 1 FROM insight_questions q WHERE q.${column} = t.id AND q.utterance = t.label)`);
}
