import { createHash } from 'node:crypto';
import { BUSINESS_LOGIC_MAX_BYTES, BUSINESS_LOGIC_TIMEOUT_MS, IDEMPOTENCY_KEY_HEADER, type CallPurpose } from '@console/contracts';
import type { CalloutOutcome, FlowCallout } from '@console/engine';
import type { AppContext } from '../../context';
import { OutboundError, outboundFetch } from '../../platform/outbound';
import { signatureHeaders } from '../../platform/request-signing';

/** Where a call stands in its conversation, as the server knows it (the engine's callout says the rest). */
interface CallStep {
  projectId: string;
  convId: string;
  /** The turn being answered: a failed turn leaves the conversation as it was, so its retry has the same number. */
  turn: number;
  /** The call's place among the calls of its turn (0 first). */
  position: number;
}

/**
 * The call's idempotency key: a hash of the project, conversation, turn, sequence, node, the call's
 * place in the turn and the slot values sent. The visitor's retry of a failed step (same turn, same
 * values) gets the same key, so an endpoint that saw the first attempt can drop the second; another
 * step, a later turn or other values get another key.
 */
function idempotencyKey(step: CallStep, callout: FlowCallout): string {
  const slots = Object.entries(callout.body.slots).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const recipe = [step.projectId, step.convId, step.turn, callout.body.sequence.id, callout.body.node.id, step.position, slots];
  return createHash('sha256').update(JSON.stringify(recipe)).digest('base64url');
}

/** The endpoint's URL as the receiver will compare it: WHATWG-normalised (the fetch sends this URL). */
function targetUrl(url: string): string {
  return URL.canParse(url) ? new URL(url).href : url;
}

/**
 * A node's business-logic call: the engine's body POSTed as JSON, signed with what it is for
 * (request-signing.ts) and its idempotency key, through the guarded outbound fetch
 * (OUTBOUND_ALLOW_PRIVATE applies) within the flow's timeout and size cap. It is made once: a retry
 * could book a table twice. Whatever comes back goes to the engine, which reads it or says why it
 * cannot; a refused, failed or slow call comes back as `{ error }`.
 */
export async function callBusinessLogic(ctx: AppContext, step: CallStep, callout: FlowCallout): Promise<CalloutOutcome> {
  const body = JSON.stringify(callout.body);
  const purpose: CallPurpose = {
    htu: targetUrl(callout.url),
    htm: 'POST',
    project_id: step.projectId,
    sequence_id: callout.body.sequence.id,
    node_id: callout.body.node.id,
    idempotency_key: idempotencyKey(step, callout),
  };
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/plain',
    [IDEMPOTENCY_KEY_HEADER]: purpose.idempotency_key,
    ...(await signatureHeaders(ctx, body, purpose)),
  };
  try {
    const response = await outboundFetch(callout.url, {
      allowPrivate: ctx.outboundAllowPrivate,
      method: purpose.htm,
      headers,
      body,
      timeoutMs: BUSINESS_LOGIC_TIMEOUT_MS,
      maxBytes: BUSINESS_LOGIC_MAX_BYTES,
    });
    return { status: response.status, contentType: response.headers['content-type'] ?? null, body: response.text() };
  } catch (error) {
    if (error instanceof OutboundError) return { error: error.reason };
    throw error;
  }
}
