import { CONVERSATION_ID_HEADER, errorDetails, type chatQueryBody, type IntegrationType, type RedactionKind } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { renderedEventRecord, type EventBase, type RenderedEvent } from './event-records';
import { ProjectRemovedError, type ContextChange } from './event-writer';
import { callBusinessLogic } from './business-logic';
import { BusinessLogicError } from './business-logic-error';
import type { Conversation } from './conversations';
import { generate } from './generation';
import { redactValue } from '../privacy/redaction';
import { requestRecord, storedEventBase, type Question, type RenderedAnswer } from './rendered-answer';

/** Where a question is asked: a deployment's snapshot (the chat API) or the newest one (the Real-Time Test). */
interface QueryTarget {
  projectId: string;
  deploymentId: string | null;
  snapshotId: string;
  integrationType: IntegrationType;
  /** Who asks, as an opaque key (./visitors.ts). */
  visitorId: string;
  /** The personal data its events are redacted of (modules/privacy). */
  redaction: RedactionKind[];
}

export type ChatQuery = z.output<typeof chatQueryBody>;

/**
 * One question: its turn of the conversation (one at a time per conversation, a 409 when the turn in
 * hand takes too long), the conversation's state, the engine in an answering worker (with the
 * genhybrid call when the project has a model endpoint), then its events, a `request` and a
 * `response` (or an `error`) written by the group-commit writer; the answer leaves only once they are
 * stored, and only then is the turn released. It comes back as JSON, rendered by the worker. An
 * error of the engine is a bug: it is recorded as an `error` event and answered as a 500 in the error
 * shape; a flow's business-logic endpoint that fails is answered 502 (recorded the same way), and the
 * conversation stays where it stood before the turn.
 */
export async function runQuery(ctx: AppContext, target: QueryTarget, query: ChatQuery, receivedAt: Date): Promise<string> {
  const turn = await ctx.assistant.conversations.beginTurn(target.projectId, query.conv_id);
  try {
    return await answerTurn(ctx, target, query, receivedAt, turn.conversation);
  } finally {
    await turn.end();
  }
}

async function answerTurn(ctx: AppContext, target: QueryTarget, query: ChatQuery, receivedAt: Date, conversation: Conversation): Promise<string> {
  const { assistant } = ctx;
  const event: EventBase = {
    projectId: target.projectId,
    deploymentId: target.deploymentId,
    snapshotId: target.snapshotId,
    convId: conversation.convId,
    utterance: query.utterance,
    integrationType: target.integrationType,
    inputMethod: query.input_method,
    visitorId: target.visitorId,
  };
  const question: Question = {
    utterance: query.utterance,
    state: conversation.state,
    convId: conversation.convId,
    turn: conversation.turn + 1,
    request: { utterance: query.utterance, conv_id: query.conv_id ?? null, input_method: query.input_method },
    event,
    receivedAt,
    withTrace: target.integrationType === 'realtime',
    redaction: target.redaction,
  };

  let answered: RenderedAnswer;
  try {
    const index = await assistant.indexes.get(target.snapshotId);
    answered = await assistant.answering.answer(index, question, {
      generate: (request) => generate(ctx, request),
      call: (callout, position) => callBusinessLogic(ctx, { projectId: target.projectId, convId: conversation.convId, turn: question.turn, position }, callout),
      now: ctx.now,
    });
  } catch (error) {
    const { turn, request } = question;
    const message = error instanceof Error ? error.message : String(error);
    // A flow's endpoint that failed is the team's, not ours: a 502, with the flow's step beside the error.
    const failed = error instanceof BusinessLogicError ? error.failure : null;
    const status = failed ? 502 : 500;
    const stored = { status, message, ...(failed ? { flow: failed.flow } : {}) };
    await store(ctx, [
      requestRecord(question),
      renderedEventRecord(
        storedEventBase(event, question.redaction),
        { issuedAt: ctx.now(), dataType: 'error' },
        JSON.stringify(redactValue({ turn, request, error: stored }, question.redaction)),
      ),
    ]);
    ctx.insight.failures.notice(target.projectId);
    if (!failed) throw error;
    // The retry goes on in this conversation, even when this was its first question.
    // A page of another origin may read the header only if the answer says so (the gate set the origin).
    const headers = { [CONVERSATION_ID_HEADER]: conversation.convId, 'access-control-expose-headers': CONVERSATION_ID_HEADER };
    throw new AppError(502, errorDetails.businessLogicFailed, { cause: error, headers });
  }

  const next = { ...conversation, state: answered.state, turn: question.turn, storedQuestions: conversation.storedQuestions + 1 };
  const context = assistant.conversations.contextChange(next, answered.stateRedacted);
  await store(ctx, answered.events, context);
  if (answered.failed) ctx.insight.failures.notice(target.projectId);
  if (context) next.hasContext = context.state !== null;
  assistant.conversations.remember(next);
  return answered.body;
}

/** A project deleted while its question ran has no events stored, and the question is answered as not found. */
async function store(ctx: AppContext, records: RenderedEvent[], context: ContextChange | null = null): Promise<void> {
  try {
    await ctx.assistant.events.write(records, context);
  } catch (error) {
    if (error instanceof ProjectRemovedError) throw AppError.notFound();
    throw error;
  }
}
