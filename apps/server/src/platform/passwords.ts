import { randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { newPasswordSchema } from '@console/contracts';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown account) it still verifies against a dummy
 * hash, so the answer time does not tell whether the account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(`dummy-${randomInt(1e9)}-A1!`);
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

const alphabet = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
  special: '!@#$%^&*-_=+?',
};

/** A strong password that meets the console's own rules (used for the first super user). */
export function generatePassword(length = 20): string {
  const all = Object.values(alphabet).join('');
  const pick = (set: string) => set[randomInt(set.length)] ?? '';
  const chars = [pick(alphabet.upper), pick(alphabet.lower), pick(alphabet.digit), pick(alphabet.special)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  const password = chars.join('');
  // The rules live in contracts; checking here keeps the generator honest if they change.
  return newPasswordSchema.safeParse(password).success ? password : generatePassword(length);
}

/** A numeric code of `length` digits, uniformly random. */
export function generateDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}
