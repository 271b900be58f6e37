import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, FlattenedSign } from 'jose';
import { CALL_SIGNATURE_HEADER, type CallProtectedHeader, type CallPurpose, type CallSigningKeySet } from '@console/contracts';
import type { AppContext } from '../context';

/**
 * Calls the assistant makes to a team's own endpoints (a flow's business logic) are signed, so the
 * receiver can tell them from anyone else's: the header holds a JSON Web Signature of the exact body
 * (RFC 7515 with a detached payload, `protected..signature`: the receiver puts the base64url of the
 * body it received between the two dots and verifies that JWS), EdDSA with the console's call-signing
 * key, whose protected header names the key (`kid`), the signing time (`iat`, seconds) and what the
 * call is for (`CallPurpose`: the target URL and method, the project, sequence and node, the
 * idempotency key). One key signs every project's calls, so the purpose is what lets an endpoint
 * refuse a call captured at another endpoint and replayed to it. The public keys are published at
 * GET /api/v1/call-signing/keys (JWKS).
 */

const published = new WeakMap<AppContext['keys'], Promise<{ kid: string; set: CallSigningKeySet }>>();

/** The key set receivers verify with, computed once per key. */
function publicKeys(ctx: AppContext): Promise<{ kid: string; set: CallSigningKeySet }> {
  let keys = published.get(ctx.keys);
  if (!keys) {
    keys = (async () => {
      const jwk = await exportJWK(createPublicKey(ctx.keys.callSigning));
      const kid = await calculateJwkThumbprint(jwk);
      return { kid, set: { keys: [{ kty: jwk.kty!, crv: jwk.crv, x: jwk.x, kid, alg: 'EdDSA', use: 'sig' }] } };
    })();
    published.set(ctx.keys, keys);
  }
  return keys;
}

export async function callSigningKeys(ctx: AppContext): Promise<CallSigningKeySet> {
  return (await publicKeys(ctx)).set;
}

/** The headers that sign `body` as it will be sent (the bytes of this very string) for `purpose`. */
export async function signatureHeaders(ctx: AppContext, body: string, purpose: CallPurpose): Promise<Record<string, string>> {
  const { kid } = await publicKeys(ctx);
  const header: CallProtectedHeader = { alg: 'EdDSA', kid, iat: Math.floor(ctx.now().getTime() / 1000), ...purpose };
  const jws = await new FlattenedSign(new TextEncoder().encode(body)).setProtectedHeader(header).sign(ctx.keys.callSigning);
  return { [CALL_SIGNATURE_HEADER]: `${jws.protected}..${jws.signature}` };
}
