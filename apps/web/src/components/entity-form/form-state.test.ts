import { describe, expect, it } from 'vitest';
import { createUserBody, updateUserPasswordBody } from '@console/contracts';
import { fieldErrors, isChanged, submitBlockedReason, submitReasons } from './form-state';

describe('fieldErrors', () => {
  it('keeps the first message of each field, by the contracts schema', () => {
    const result = updateUserPasswordBody.safeParse({ password: 'short', password_validator: 'x' });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error);
    expect(errors.password).toBe('Password must be at least 8 characters');
    // 'short' breaks four password rules; only the first is kept for the field.
    expect(result.error?.issues.filter((issue) => issue.path[0] === 'password').length).toBeGreaterThan(1);
  });

  it('maps refinements to their path (confirmation)', () => {
    const result = createUserBody.safeParse({
      display_name: 'Ann Lee',
      email: 'ann@example.com',
      password: 'Secret#123',
      password_validator: 'Secret#124',
    });
    expect(fieldErrors(result.error)).toEqual({ password_validator: 'Confirm Password must match Password' });
  });

  it('is empty without an error', () => {
    expect(fieldErrors(null)).toEqual({});
  });
});

describe('isChanged', () => {
  it('compares values, not key order', () => {
    expect(isChanged({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(false);
    expect(isChanged({ a: 1 }, { a: 2 })).toBe(true);
    expect(isChanged({ a: [1] }, { a: [1, 2] })).toBe(true);
  });
});

describe('submitBlockedReason', () => {
  const all = { name: 'Name must be at least 1 character', terms: 'At least one term is required' };
  it('says the first message no field shows yet', () => {
    expect(submitBlockedReason(all, {}, false)).toBe(all.name);
    expect(submitBlockedReason(all, { name: all.name }, true)).toBe(all.terms);
  });
  it('points at the messages beside their fields rather than repeating them', () => {
    expect(submitBlockedReason(all, all, true)).toBe(submitReasons.correctMarked);
  });
  it('says that nothing changed, and nothing once the form can be sent', () => {
    expect(submitBlockedReason({}, {}, false)).toBe(submitReasons.unchanged);
    expect(submitBlockedReason({}, {}, true)).toBeNull();
  });
});
