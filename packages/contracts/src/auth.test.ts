import { describe, expect, it } from 'vitest';
import { loginInviteBody, loginMfaBody, loginPasswordBody, loginResetBody, isMfaPending } from './auth';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

const validReset = {
  email: 'ada@example.com',
  token_code: '123456',
  password: 'Secret#123',
  password_validator: 'Secret#123',
};

describe('sign-in payloads', () => {
  it('names the broken rule in the spec form', () => {
    expect(firstMessage(loginPasswordBody.safeParse({ email: 'ab', password: 'Secret#123' }))).toBe(
      'Email must be at least 3 characters',
    );
    expect(firstMessage(loginPasswordBody.safeParse({ email: 'ada@example.com', password: 'short' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(loginPasswordBody.safeParse({ email: 'ada@example.com', password: 'x'.repeat(129) }))).toBe(
      'Password must be at most 128 characters',
    );
    expect(firstMessage(loginMfaBody.safeParse({ email: 'ada@example.com', token_code: '12345' }))).toBe(
      'Code must be exactly 6 characters',
    );
  });

  it('treats a missing field like an empty one', () => {
    expect(firstMessage(loginPasswordBody.safeParse({ password: 'Secret#123' }))).toBe(
      'Email must be at least 3 characters',
    );
  });

  it('normalises the e-mail so one account has one spelling', () => {
    const parsed = loginPasswordBody.parse({ email: '  Ada@Example.COM ', password: 'whatever1' });
    expect(parsed.email).toBe('ada@example.com');
  });

  it('enforces the new-password rules on reset', () => {
    const cases: [string, string][] = [
      ['secret#123', 'Password must contain at least one uppercase letter'],
      ['Secret#abc', 'Password must contain at least one number'],
      ['Secret1234', 'Password must contain at least one special character'],
    ];
    for (const [password, message] of cases) {
      expect(firstMessage(loginResetBody.safeParse({ ...validReset, password, password_validator: password }))).toBe(
        message,
      );
    }
    expect(firstMessage(loginResetBody.safeParse({ ...validReset, password_validator: 'Secret#124' }))).toBe(
      'Confirm Password must match Password',
    );
    expect(loginResetBody.safeParse(validReset).success).toBe(true);
  });

  it('requires accepting the terms on invite', () => {
    expect(firstMessage(loginInviteBody.safeParse({ ...validReset, agree_tos: false }))).toBe(
      'Agreement to the terms of use must be true.',
    );
    expect(loginInviteBody.safeParse({ ...validReset, agree_tos: true }).success).toBe(true);
  });

  it('recognises a pending-MFA answer by token equal to refresh token', () => {
    expect(isMfaPending({ user_id: null, token: 'abc', refresh_token: 'abc' })).toBe(true);
    expect(isMfaPending({ user_id: 'u', token: 'jwt', refresh_token: 'other' })).toBe(false);
  });
});
