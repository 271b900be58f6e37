import { z } from 'zod';

/**
 * Signed calls: the header carrying the signature of a call the assistant makes to a team's endpoint
 * (a detached JWS of the body, EdDSA), and the shape of the public key set that verifies it.
 */
export const CALL_SIGNATURE_HEADER = 'x-console-signature';

export const callSigningKeySetSchema = z.object({
  keys: z.array(
    z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional(), kid: z.string(), alg: z.string(), use: z.string() }).loose(),
  ),
});
export type CallSigningKeySet = z.infer<typeof callSigningKeySetSchema>;
