import { describe, expect, it } from 'vitest';
import { createApiKeyBody } from '@console/contracts';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from './format';

describe('datetime-local conversion', () => {
  it('turns the input value into an instant the API key schema accepts', () => {
    const future = new Date(Date.now() + 86_400_000);
    const iso = fromDateTimeLocal(toDateTimeLocal(future));
    expect(Math.abs(new Date(iso).getTime() - future.getTime())).toBeLessThan(60_000);
    const body = createApiKeyBody().safeParse({
      display_name: 'Reporting',
      scopes: ['read_conversation_store'],
      resource_type: 'deployment',
      resource_id: '6f1c2b4e-8d3a-4c5f-9a7b-1e2d3c4b5a69',
      expires_at: iso,
    });
    expect(body.success).toBe(true);
  });

  it('keeps empty as empty (never expires) and unreadable input as typed', () => {
    expect(fromDateTimeLocal('')).toBe('');
    expect(fromDateTimeLocal('not a date')).toBe('not a date');
  });

  it('shows missing dates as a dash', () => {
    expect(formatDateTime(null)).toBe('—');
  });
});
