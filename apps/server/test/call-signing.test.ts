import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, flattenedVerify } from 'jose';
import { CALL_SIGNATURE_HEADER } from '@console/contracts';
import { signatureHeaders } from '../src/platform/request-signing';
import { createTestApp, get, openTestDatabase } from './helper';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
});

/** What a receiver does: put the body it received (base64url) between the header's two parts and verify that JWS. */
async function verify(keySet: unknown, header: string, body: string) {
  const [protectedHeader, payload, signature] = header.split('.');
  expect(payload).toBe('');
  const jwks = createLocalJWKSet(keySet as Parameters<typeof createLocalJWKSet>[0]);
  return flattenedVerify({ protected: protectedHeader!, payload: Buffer.from(body).toString('base64url'), signature: signature! }, jwks, { algorithms: ['EdDSA'] });
}

describe('signed calls to business-logic endpoints', () => {
  it('publishes the public key set without sign-in, and a signed body verifies against it with its signing time', async () => {
    const response = await get(app, '/api/v1/call-signing/keys');
    expect(response.statusCode).toBe(200);
    const keySet = response.json();
    expect(keySet.keys).toHaveLength(1);
    expect(keySet.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(keySet.keys[0].d).toBeUndefined();

    const body = JSON.stringify({ slots: { day: 'saturday' } });
    const headers = await signatureHeaders(app.ctx, body);
    const verified = await verify(keySet, headers[CALL_SIGNATURE_HEADER]!, body);
    expect(verified.protectedHeader).toMatchObject({ alg: 'EdDSA', kid: keySet.keys[0].kid });
    expect(Math.abs(Number(verified.protectedHeader!.iat) - Date.now() / 1000)).toBeLessThan(600);
  });

  it('refuses a body changed after signing', async () => {
    const keySet = (await get(app, '/api/v1/call-signing/keys')).json();
    const headers = await signatureHeaders(app.ctx, '{"slots":{"day":"saturday"}}');
    await expect(verify(keySet, headers[CALL_SIGNATURE_HEADER]!, '{"slots":{"day":"sunday"}}')).rejects.toThrow();
  });

  it('signs with the same key in every process given the same secret, and another key with another secret', async () => {
    const keySet = (await get(app, '/api/v1/call-signing/keys')).json();
    const sameSecret = await createTestApp(await openTestDatabase());
    const otherSecret = await createTestApp(await openTestDatabase(), { jwtSecret: 'another-secret-that-is-long-enough-for-hs256' });
    const body = '{"a":1}';
    await expect(verify(keySet, (await signatureHeaders(sameSecret.ctx, body))[CALL_SIGNATURE_HEADER]!, body)).resolves.toBeTruthy();
    await expect(verify(keySet, (await signatureHeaders(otherSecret.ctx, body))[CALL_SIGNATURE_HEADER]!, body)).rejects.toThrow();
  });
});
