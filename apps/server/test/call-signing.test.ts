import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, flattenedVerify } from 'jose';
import { CALL_SIGNATURE_HEADER, callProtectedHeaderSchema, type CallPurpose } from '@console/contracts';
import { signatureHeaders } from '../src/platform/request-signing';
import { createTestApp, get, openTestDatabase } from './helper';

let app: FastifyInstance;
const purpose: CallPurpose = {
  htu: 'https://bookings.example/book',
  htm: 'POST',
  project_id: crypto.randomUUID(),
  sequence_id: crypto.randomUUID(),
  node_id: crypto.randomUUID(),
  idempotency_key: 'a-key',
};

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
  it('publishes the public key set without sign-in, and a signed body verifies against it with its signing time and purpose', async () => {
    const response = await get(app, '/api/v1/call-signing/keys');
    expect(response.statusCode).toBe(200);
    const keySet = response.json();
    expect(keySet.keys).toHaveLength(1);
    expect(keySet.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(keySet.keys[0].d).toBeUndefined();

    const body = JSON.stringify({ slots: { day: 'saturday' } });
    const headers = await signatureHeaders(app.ctx, body, purpose);
    const verified = await verify(keySet, headers[CALL_SIGNATURE_HEADER]!, body);
    expect(callProtectedHeaderSchema.parse(verified.protectedHeader)).toEqual({ alg: 'EdDSA', kid: keySet.keys[0].kid, iat: expect.any(Number), ...purpose });
    expect(Math.abs(Number(verified.protectedHeader!.iat) - Date.now() / 1000)).toBeLessThan(600);
  });

  it('refuses a body changed after signing', async () => {
    const keySet = (await get(app, '/api/v1/call-signing/keys')).json();
    const headers = await signatureHeaders(app.ctx, '{"slots":{"day":"saturday"}}', purpose);
    await expect(verify(keySet, headers[CALL_SIGNATURE_HEADER]!, '{"slots":{"day":"sunday"}}')).rejects.toThrow();
  });

  it('refuses a purpose changed after signing (a call replayed with another target written in)', async () => {
    const keySet = (await get(app, '/api/v1/call-signing/keys')).json();
    const body = '{"slots":{"day":"saturday"}}';
    const [protectedHeader, , signature] = (await signatureHeaders(app.ctx, body, purpose))[CALL_SIGNATURE_HEADER]!.split('.');
    const header = JSON.parse(Buffer.from(protectedHeader!, 'base64url').toString()) as Record<string, unknown>;
    const retargeted = Buffer.from(JSON.stringify({ ...header, htu: 'https://other-team.example/book' })).toString('base64url');
    await expect(verify(keySet, `${retargeted}..${signature}`, body)).rejects.toThrow();
  });

  it('signs with the same key in every process given the same secret, and another key with another secret', async () => {
    const keySet = (await get(app, '/api/v1/call-signing/keys')).json();
    const sameSecret = await createTestApp(await openTestDatabase());
    const otherSecret = await createTestApp(await openTestDatabase(), { jwtSecret: 'another-secret-that-is-long-enough-for-hs256' });
    const body = '{"a":1}';
    await expect(verify(keySet, (await signatureHeaders(sameSecret.ctx, body, purpose))[CALL_SIGNATURE_HEADER]!, body)).resolves.toBeTruthy();
    await expect(verify(keySet, (await signatureHeaders(otherSecret.ctx, body, purpose))[CALL_SIGNATURE_HEADER]!, body)).rejects.toThrow();
  });
});
