import { replayMessages, type ReplayAnswer, type ReplayGroup, type ReplaySummary } from '@console/contracts';
import type { AnswerResult, EngineIndex } from '@console/engine';

/**
 * Comparing a question's two answers: what each was (the item, the flow's step, a person, or a
 * refusal), which group the pair falls in, and the report over every pair.
 */

/** The subject of each content item of a version, by id. */
export function subjectsOf(index: EngineIndex): Map<string, string> {
  return new Map(index.contents.map((item) => [item.id, item.subject]));
}

/** What an answer was, for comparing: its item with the subject the answering version gives it (`subjectsOf`), or its flow step. */
export function replayAnswerOf(subjects: ReadonlyMap<string, string>, { reply, trace }: AnswerResult): ReplayAnswer {
  return {
    response_type: reply.response_type,
    content_id: reply.content_id,
    reporting_id: reply.reporting_id,
    subject: reply.content_id ? (subjects.get(reply.content_id) ?? null) : null,
    step: reply.response_type === 'scenario' ? flowStepOf(trace) : null,
    confidence: reply.confidence,
  };
}

/** 'sequence › node' where the classify step says the flow stands (where it would call its endpoint, offline). */
function flowStepOf(trace: AnswerResult['trace']): string | null {
  const flow = trace.find((step) => step.stage === 'classify')?.data.flow as { sequence?: { name?: unknown }; node?: { name?: unknown } } | null | undefined;
  const sequence = flow?.sequence?.name;
  const node = flow?.node?.name;
  return typeof sequence === 'string' && typeof node === 'string' ? `${sequence} › ${node}` : null;
}

/** What answered: an item, a flow's step, a person (handoff), or nobody (refused as out of scope). */
function answeredBy(answer: ReplayAnswer): string | null {
  switch (answer.response_type) {
    case 'oos':
      return null;
    case 'content':
      return `content:${answer.content_id}`;
    case 'scenario':
      return `step:${answer.step}`;
    case 'handoff':
      return 'person';
  }
}

/** What answered, in the report's words: the item's subject, the flow's step, a person, or nobody. */
function labelOf(answer: ReplayAnswer): string {
  switch (answer.response_type) {
    case 'oos':
      return 'Out of scope';
    case 'content':
      return answer.subject ?? answer.content_id ?? 'A content item';
    case 'scenario':
      return answer.step ?? 'A flow';
    case 'handoff':
      return 'A person';
  }
}

/**
 * Unchanged: the same kind of answer by the same item or step (refused both times included);
 * changed: answered both times but by another item or step (a person counts as one); newly refused:
 * answered before, refused after; newly answered: refused before, answered after.
 */
export function groupOf(before: ReplayAnswer, after: ReplayAnswer): ReplayGroup {
  const was = answeredBy(before);
  const is = answeredBy(after);
  if (was === is) return 'unchanged';
  if (was === null) return 'newly_answered';
  if (is === null) return 'newly_refused';
  return 'changed';
}

/**
 * Whether answering a version would call out (a model endpoint for genhybrid, a team's endpoint from a
 * flow's business-logic node), which a replay never does: the report says it compared what stood
 * before the call.
 */
export function wouldCallOut(index: EngineIndex): boolean {
  if (index.settings.generation) return true;
  return Object.values(index.flows?.sequences ?? {}).some((sequence) => Object.values(sequence.nodes).some((node) => node.call !== null));
}

/** The report: each group's count, the moves from one item to another (most first), and what it must say besides. */
export function summarize(items: readonly { group: ReplayGroup; before: ReplayAnswer; after: ReplayAnswer }[], callsSkipped: boolean): ReplaySummary {
  const groups: Record<ReplayGroup, number> = { unchanged: 0, changed: 0, newly_refused: 0, newly_answered: 0 };
  const moves = new Map<string, { before: string; after: string; count: number }>();
  for (const { group, before, after } of items) {
    groups[group]++;
    if (group !== 'changed') continue;
    const key = `${answeredBy(before)}\n${answeredBy(after)}`;
    const move = moves.get(key) ?? { before: labelOf(before), after: labelOf(after), count: 0 };
    move.count++;
    moves.set(key, move);
  }
  const notes = [...(items.length ? [] : [replayMessages.noTraffic]), ...(callsSkipped ? [replayMessages.callsSkipped] : [])];
  return {
    total: items.length,
    groups,
    moves: [...moves.values()].sort((a, b) => b.count - a.count || a.before.localeCompare(b.before) || a.after.localeCompare(b.after)),
    notes,
  };
}
