import { describe, expect, it } from 'vitest';
import { defineList, listQuerySchema } from './list';
import { createWorkspaceBody } from './workspace';
import { createApiKeyBody } from './api-key';

const spec = defineList({
  sortable: ['display_name', 'updated_at'],
  filters: {
    display_name: { kind: 'text' },
    status: { kind: 'select', values: ['active', 'inactive'] },
    updated_at: { kind: 'date' },
    count: { kind: 'number' },
  },
});
const schema = listQuerySchema(spec);
const firstMessage = (input: Record<string, string>) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('list query', () => {
  it('defaults to ten records, newest change first', () => {
    expect(schema.parse({})).toMatchObject({
      limit: 10,
      offset: 0,
      sort: { field: 'updated_at', direction: 'descending' },
      filters: [],
    });
  });

  it('starts a timestamp sort descending and any other field ascending', () => {
    expect(schema.parse({ sort_field: 'display_name' }).sort.direction).toBe('ascending');
    expect(schema.parse({ sort_field: 'updated_at' }).sort.direction).toBe('descending');
    expect(schema.parse({ sort_field: 'updated_at', sort_direction: 'ascending' }).sort.direction).toBe('ascending');
  });

  it('parses whitelisted filters by their kind', () => {
    const parsed = schema.parse({ display_name__like: 'acme', status__neq: 'inactive', count__gte: '20' });
    expect(parsed.filters).toEqual([
      { field: 'display_name', comparator: 'like', value: 'acme' },
      { field: 'status', comparator: 'neq', value: 'inactive' },
      { field: 'count', comparator: 'gte', value: 20 },
    ]);
    expect(schema.parse({ updated_at__gte: '2026-01-01T00:00:00Z' }).filters[0]?.value).toEqual(
      new Date('2026-01-01T00:00:00Z'),
    );
  });

  it('refuses anything not whitelisted with a clear message', () => {
    expect(firstMessage({ sort_field: 'password_hash' })).toBe('Sort Field must be one of display_name, updated_at');
    expect(firstMessage({ sort_direction: 'sideways' })).toBe('Sort Direction must be one of ascending, descending');
    expect(firstMessage({ password_hash__eq: 'x' })).toMatch(/^Filter must be one of/);
    expect(firstMessage({ display_name__gte: 'x' })).toBe('Comparator of display_name must be one of like, eq');
    expect(firstMessage({ status__eq: 'deleted' })).toBe('status must be one of active, inactive');
    expect(firstMessage({ updated_at__gte: 'yesterday' })).toBe('updated_at must be a valid date');
    expect(firstMessage({ limit: '0' })).toBe('Limit must not be less than 1');
    expect(firstMessage({ limit: '1000' })).toBe('Limit must not be greater than 100');
    expect(firstMessage({ tz: 'Mars/Olympus' })).toBe('Tz must be a valid time zone: Mars/Olympus');
  });
});

describe('write bodies', () => {
  it('names unknown fields', () => {
    const result = createWorkspaceBody.safeParse({ display_name: 'Acme', is_admin: true });
    expect(result.success ? null : result.error.issues[0]?.message).toBe('is_admin is not an accepted field');
  });

  it('checks an API key expiry against the clock', () => {
    const body = createApiKeyBody(() => new Date('2026-06-01T00:00:00Z'));
    const base = {
      display_name: 'Reporting',
      scopes: ['read_conversation_store'],
      resource_type: 'deployment',
      resource_id: '3b241101-e2bb-4255-8caf-4136c566a962',
    };
    expect(body.parse({ ...base, expires_at: '' }).expires_at).toBeNull();
    const past = body.safeParse({ ...base, expires_at: '2026-05-01T00:00:00Z' });
    expect(past.success ? null : past.error.issues[0]?.message).toBe('Expiration must be in the future.');
    const badId = body.safeParse({ ...base, resource_id: 'not-a-uuid' });
    expect(badId.success ? null : badId.error.issues[0]?.message).toBe('Resource ID must be a valid UUIDv4.');
    const noScope = body.safeParse({ ...base, scopes: [] });
    expect(noScope.success ? null : noScope.error.issues[0]?.message).toBe('Scopes must have at least one selection.');
  });
});
