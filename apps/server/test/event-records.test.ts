import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { events } from '../src/db/schema/index';
import { EVENT_RECORD_COLUMNS, eventRecord } from '../src/modules/chat/event-records';

/**
 * An event's columns are written in three places: the events table (db/schema/events.ts), the
 * columns the batch insert names (EVENT_RECORD_COLUMNS) and the fields renderedEventRecord writes
 * by hand, as fast as JSON.stringify goes. A column added to one and not the others would be left
 * out of every stored event without an error (json_populate_recordset fills what it is not given
 * with null), so they are held together here.
 */

/** The table's columns as PostgreSQL names them (the schema is written in camelCase, stored in snake_case). */
const tableColumns = Object.values(getTableColumns(events)).map((column) => (column.keyAsName ? toSnakeCase(column.name) : column.name));

describe('the columns of an event', () => {
  it('the batch insert names every column of the events table, data apart', () => {
    expect([...EVENT_RECORD_COLUMNS, 'data'].sort()).toEqual([...tableColumns].sort());
  });

  it('a rendered record has a field for each of them, also for a column the event leaves unset', () => {
    const record = eventRecord({
      projectId: '0190a0a0-0000-7000-8000-000000000001',
      convId: '0190a0a0-0000-7000-8000-000000000002',
      issuedAt: new Date('2026-01-01T00:00:00Z'),
      dataType: 'request',
      utterance: 'hello',
      integrationType: 'deployment',
      inputMethod: 'text',
    });
    expect(Object.keys(JSON.parse(record.fields) as object).sort()).toEqual([...EVENT_RECORD_COLUMNS].sort());
  });
});
