import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads JWT_SECRET, or the secret generated on first start into DATA_DIR/jwt-secret (mode 0600),
 * so restarts keep sessions valid without anyone having to invent a secret.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

/** Keys derived from the one secret, each for a single purpose, so no key is used twice. */
export interface Keys {
  jwt: Uint8Array;
  codeHmac: Buffer;
  codeEncryption: Buffer;
  /** Keys a visitor's address and browser into the opaque id analytics count users by. */
  visitorHmac: Buffer;
  /** Signs the calls flows make to business-logic endpoints (Ed25519; receivers verify with the public key). */
  callSigning: KeyObject;
}

/** An Ed25519 private key in PKCS #8 is this fixed prefix followed by its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function deriveKeys(secret: string): Keys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'console', info, 32));
  return {
    jwt: new TextEncoder().encode(secret),
    codeHmac: derive('code-hmac'),
    codeEncryption: derive('code-encryption'),
    visitorHmac: derive('visitor-hmac'),
    // Derived, not generated: every process given the one secret signs with the same key.
    callSigning: createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, derive('call-signing')]), format: 'der', type: 'pkcs8' }),
  };
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Refresh tokens are long random values: a plain SHA-256 is enough to make a stolen table useless. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Short codes (6 digits) need a keyed hash: a plain hash of a million values is reversed instantly. */
export function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** AES-256-GCM: iv.tag.ciphertext, base64url. Codes super users must be able to read back. */
export function encryptCode(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.');
}

export function decryptCode(key: Buffer, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    // A different secret (JWT_SECRET changed) makes old codes unreadable: treat them as wrong.
    return null;
  }
}
