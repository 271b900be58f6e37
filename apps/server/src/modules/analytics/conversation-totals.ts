import { and, sql, type SQL } from 'drizzle-orm';
import type { ListFilter } from '@console/contracts';
import type { AppContext } from '../../context';
import { conversationCounts, conversations } from '../../db/schema/index';
import type { ListColumn } from '../../platform/listing';
import { byWholeHours } from './hourly-totals';
import { scopeCondition, timeRange, type EventScope } from './scope';

/** How many conversations, and how many hold at least one event of each kind. */
interface ConversationTotals {
  conversations: number;
  request: number;
  response: number;
  error: number;
  oos: number;
  content: number;
  scenario: number;
  handoff: number;
}
type Kind = Exclude<keyof ConversationTotals, 'conversations'>;

/** The kind a conversation filter names (`data_type__eq=error`: holding an error). */
export function filterKind(filter: ListFilter): Kind | null {
  if (filter.field !== 'data_type' && filter.field !== 'response_type') return null;
  return String(filter.value) as Kind;
}

/** A conversation's counter of each kind. */
export const conversationCounters: Record<Kind, ListColumn> = {
  request: conversations.requestCount,
  response: conversations.responseCount,
  error: conversations.errorCount,
  oos: conversations.oosCount,
  content: conversations.contentCount,
  scenario: conversations.scenarioCount,
  handoff: conversations.handoffCount,
};
const hourColumns: Record<Kind, ListColumn> = {
  request: conversationCounts.withRequests,
  response: conversationCounts.withResponses,
  error: conversationCounts.withErrors,
  oos: conversationCounts.withOos,
  content: conversationCounts.withContent,
  scenario: conversationCounts.withScenario,
  handoff: conversationCounts.withHandoff,
};
const kinds = Object.keys(conversationCounters) as Kind[];

function between(column: ListColumn, from: Date | null, to: Date | null): SQL | undefined {
  return and(
    from ? sql`${column} >= ${from.toISOString()}::timestamptz` : undefined,
    to ? sql`${column} < ${to.toISOString()}::timestamptz` : undefined,
  );
}

function toTotals(row: Record<string, string | number> | undefined): ConversationTotals {
  const totals = { conversations: Number(row?.conversations ?? 0) } as ConversationTotals;
  for (const kind of kinds) totals[kind] = Number(row?.[kind] ?? 0);
  return totals;
}

async function fromHours(ctx: AppContext, scope: EventScope, from: Date | null, to: Date | null): Promise<ConversationTotals> {
  const selection: Record<string, SQL<string>> = { conversations: sql<string>`coalesce(sum(${conversationCounts.conversations}), 0)` };
  for (const kind of kinds) selection[kind] = sql<string>`coalesce(sum(${hourColumns[kind]}), 0)`;
  const [row] = await ctx.db
    .select(selection)
    .from(conversationCounts)
    .where(and(scopeCondition(scope, conversationCounts.projectId, conversationCounts.deploymentId), between(conversationCounts.hour, from, to)));
  return toTotals(row);
}

async function fromRows(ctx: AppContext, scope: EventScope, from: Date | null, to: Date | null): Promise<ConversationTotals> {
  const selection: Record<string, SQL<string>> = { conversations: sql<string>`count(*)` };
  for (const kind of kinds) selection[kind] = sql<string>`count(*) FILTER (WHERE ${conversationCounters[kind]} > 0)`;
  const [row] = await ctx.db
    .select(selection)
    .from(conversations)
    .where(and(scopeCondition(scope, conversations.projectId, conversations.deploymentId), between(conversations.issuedAt, from, to)));
  return toTotals(row);
}

function add(a: ConversationTotals, b: ConversationTotals): ConversationTotals {
  const sum = { conversations: a.conversations + b.conversations } as ConversationTotals;
  for (const kind of kinds) sum[kind] = a[kind] + b[kind];
  return sum;
}

/** The scope's conversations (dated by their first question) in its range, from `conversation_counts` and the edge rows. */
export function conversationTotals(ctx: AppContext, scope: EventScope): Promise<ConversationTotals> {
  return byWholeHours(
    timeRange(scope.filters),
    (from, to) => fromHours(ctx, scope, from, to),
    (from, to) => fromRows(ctx, scope, from, to),
    add,
  );
}
