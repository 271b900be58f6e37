import { BUSINESS_LOGIC_MAX_BYTES, BUSINESS_LOGIC_TIMEOUT_MS } from '@console/contracts';
import type { CalloutFailure, CalloutOutcome, FlowCallout } from '@console/engine';
import type { AppContext } from '../../context';
import { OutboundError, outboundFetch } from '../../platform/outbound';
import { signatureHeaders } from '../../platform/request-signing';

/** A flow's endpoint failed the turn: answered 502, the conversation left as it was before the turn. */
export class BusinessLogicError extends Error {
  constructor(readonly failure: CalloutFailure) {
    super(`the business-logic endpoint failed: ${failure.error}`);
    this.name = 'BusinessLogicError';
  }
}

/**
 * A node's business-logic call: the engine's body POSTed as JSON, signed (request-signing.ts), through
 * the guarded outbound fetch (OUTBOUND_ALLOW_PRIVATE applies) within the flow's timeout and size cap.
 * It is made once: a retry could book a table twice. Whatever comes back goes to the engine, which
 * reads it or says why it cannot; a refused, failed or slow call comes back as `{ error }`.
 */
export async function callBusinessLogic(ctx: AppContext, callout: FlowCallout): Promise<CalloutOutcome> {
  const body = JSON.stringify(callout.body);
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/plain', ...(await signatureHeaders(ctx, body)) };
  try {
    const response = await outboundFetch(callout.url, {
      allowPrivate: ctx.outboundAllowPrivate,
      method: 'POST',
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
