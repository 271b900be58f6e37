import { z } from 'zod';

/**
 * Signed calls: the headers of a call the assistant makes to a team's endpoint (a detached JWS of the
 * body, EdDSA, and the call's idempotency key), what the signature's protected header says the call
 * is for, and the shape of the public key set that verifies it.
 */
export const CALL_SIGNATURE_HEADER = 'x-console-signature';
/** Same for every attempt at one step of a conversation: an endpoint drops a call whose key it has seen. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * The protected header of a call's signature: the key and signing time, and what the call is for, so
 * a receiver can refuse a validly signed call that was meant for another endpoint, project or step
 * (captured at one endpoint and replayed to another). `htu` and `htm` are the names DPoP (RFC 9449)
 * gives the target URL and method.
 */
export const callProtectedHeaderSchema = z.object({
  alg: z.literal('EdDSA'),
  /** The JWK thumbprint of the signing key (GET /api/v1/call-signing/keys). */
  kid: z.string(),
  /** When the call was signed, in seconds since the epoch. */
  iat: z.number().int(),
  /** The endpoint's URL as the call was sent (WHATWG-normalised: lower-case scheme and host, no default port, at least '/'). */
  htu: z.string(),
  htm: z.literal('POST'),
  project_id: z.string(),
  sequence_id: z.string(),
  node_id: z.string(),
  /** The same value as the call's Idempotency-Key header. */
  idempotency_key: z.string(),
});
export type CallProtectedHeader = z.infer<typeof callProtectedHeaderSchema>;
/** What a call is for: the protected header's fields beside the key and the time. */
export type CallPurpose = Omit<CallProtectedHeader, 'alg' | 'kid' | 'iat'>;

export const callSigningKeySetSchema = z.object({
  keys: z.array(
    z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional(), kid: z.string(), alg: z.string(), use: z.string() }).loose(),
  ),
});
export type CallSigningKeySet = z.infer<typeof callSigningKeySetSchema>;
