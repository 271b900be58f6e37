import { describe, expect, it } from 'vitest';
import { SLOT_DEFAULT_MAX_ATTEMPTS, slotBody, slotMessages, type Slot } from '@console/contracts';
import { slotFormValues, slotInput } from './slot-form';

const saved: Slot = {
  id: '5abe8b6d-7c9f-4a0b-9d4e-6f708192a3b4',
  project_id: '6bcf9c7e-8d0a-4b1c-8e5f-708192a3b4c5',
  name: 'order number',
  type: 'pattern',
  terms: [],
  pattern: '[A-Z]{2}-\\d{6}',
  locale: 'en-GB',
  prompt: 'Your order number?',
  reprompt: 'It looks like AB-123456.',
  max_attempts: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the slot form', () => {
  it('gives back a saved slot as its body', () => {
    const { id: _id, project_id: _project, created_at: _created, updated_at: _updated, ...body } = saved;
    expect(slotBody.parse(slotInput(slotFormValues(saved)))).toEqual(body);
  });

  it('starts a new slot as terms with one empty line, so the first message is the name', () => {
    const values = slotFormValues();
    expect(values).toMatchObject({ type: 'terms', terms: [''], max_attempts: SLOT_DEFAULT_MAX_ATTEMPTS });
    expect(slotBody.safeParse(slotInput(values)).error?.issues[0]?.message).toBe('Name must be at least 1 character');
  });

  it('sends no terms or pattern for a type that does not show them', () => {
    const date = { ...slotFormValues(), name: 'day', type: 'date' as const, terms: ['', 'monday'], pattern: '(a+)+' };
    expect(slotBody.parse(slotInput(date))).toMatchObject({ type: 'date', terms: [], pattern: '' });
    expect(slotBody.safeParse(slotInput({ ...date, type: 'terms', terms: [] })).error?.issues[0]?.message).toBe(slotMessages.termRequired);
    expect(slotBody.safeParse(slotInput({ ...date, type: 'pattern' })).error?.issues[0]?.message).toBe(slotMessages.patternUnsafe('day'));
  });

  it('refuses an empty Max attempts with the schema message', () => {
    expect(slotBody.safeParse(slotInput({ ...slotFormValues(saved), max_attempts: '' })).error?.issues[0]?.message).toBe(slotMessages.maxAttempts);
  });
});
