import { describe, expect, it } from 'vitest';
import { readSlotValue, type SlotSpec } from './slot-values';

/** A Friday, late in the evening in UTC (already Saturday east of Greenwich). */
const now = new Date('2026-11-27T23:30:00Z');

const slot = (type: SlotSpec['type'], more: Partial<SlotSpec> = {}): SlotSpec => ({ type, terms: [], pattern: '', locale: 'en-US', ...more });
const read = (spec: SlotSpec, utterance: string) => readSlotValue(spec, utterance, now);

describe('readSlotValue', () => {
  it('reads the longest term named as whole words, case and accents aside, as the slot writes it', () => {
    const cities = slot('terms', { terms: ['York', 'New York', 'São Paulo'] });
    expect(read(cities, 'a table in new york please')).toEqual({ value: 'New York' });
    expect(read(cities, 'SAO PAULO')).toEqual({ value: 'São Paulo' });
    expect(read(cities, 'yorkshire')).toEqual({ refusal: "'yorkshire' is none of the terms: York, New York, São Paulo" });
    const many = slot('terms', { terms: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(read(many, 'zzz')).toEqual({ refusal: "'zzz' is none of the terms: a, b, c, d, e, …" });
  });

  it('takes free text whole, trimmed, at most 1024 characters', () => {
    expect(read(slot('text'), '  The fridge hums at night.  ')).toEqual({ value: 'The fridge hums at night.' });
    expect((read(slot('text'), 'x'.repeat(2000)) as { value: string }).value).toHaveLength(1024);
    expect(read(slot('text'), '   ')).toEqual({ refusal: 'the answer was empty' });
  });

  it("reads a number with the locale's separators, normalised with a point for decimals", () => {
    expect(read(slot('number'), 'about 1,200 units')).toEqual({ value: '1200' });
    expect(read(slot('number'), '2.50')).toEqual({ value: '2.5' });
    expect(read(slot('number'), '-3')).toEqual({ value: '-3' });
    expect(read(slot('number'), '1,234,567.80')).toEqual({ value: '1234567.8' });
    expect(read(slot('number', { locale: 'de-DE' }), '2,5 Liter')).toEqual({ value: '2.5' });
    expect(read(slot('number', { locale: 'de-DE' }), '1.200')).toEqual({ value: '1200' });
    expect(read(slot('number', { locale: 'fr-FR' }), '1 200,75 €')).toEqual({ value: '1200.75' });
    expect(read(slot('number'), 'for four people')).toEqual({ value: '4' });
    expect(read(slot('number'), 'Twenty')).toEqual({ value: '20' });
    // Not numbers as the locale writes them, or part of a word.
    expect(read(slot('number'), '1,2')).toEqual({ refusal: "no number found in '1,2'" });
    expect(read(slot('number'), 'a toaster')).toEqual({ refusal: "no number found in 'a toaster'" });
    expect(read(slot('number'), 'room B12')).toEqual({ refusal: "no number found in 'room B12'" });
  });

  it('reads the first valid e-mail address, lower-cased', () => {
    expect(read(slot('email'), 'it is jane@Example.org, thanks')).toEqual({ value: 'jane@example.org' });
    expect(read(slot('email'), '<John.Doe+tag@Sub.Example.co.uk>.')).toEqual({ value: 'john.doe+tag@sub.example.co.uk' });
    expect(read(slot('email'), 'jane@example and then bob@example.org')).toEqual({ value: 'bob@example.org' });
    expect(read(slot('email'), 'jane@example')).toEqual({ refusal: "no valid e-mail address found in 'jane@example'" });
    expect(read(slot('email'), 'a..b@example.org')).toMatchObject({ refusal: expect.any(String) });
  });

  it("reads a valid phone number in international form, dialled in the locale's country", () => {
    expect(read(slot('phone', { locale: 'en-GB' }), '020 7946 0958')).toEqual({ value: '+442079460958' });
    expect(read(slot('phone', { locale: 'en-GB' }), 'call me on 020 7946 0958 after six')).toEqual({ value: '+442079460958' });
    expect(read(slot('phone'), '+44 20 7946 0958')).toEqual({ value: '+442079460958' });
    expect(read(slot('phone'), '(212) 555-0123')).toEqual({ value: '+12125550123' });
    expect(read(slot('phone', { locale: 'de-DE' }), '030 1234567')).toEqual({ value: '+49301234567' });
    expect(read(slot('phone', { locale: 'en-GB' }), '020 7946 095')).toEqual({ refusal: "no valid phone number found in '020 7946 095' (read as dialled in GB)" });
    expect(read(slot('phone'), '12345')).toMatchObject({ refusal: expect.stringContaining('no valid phone number') });
  });

  it("reads a date with the locale's order and words, ahead of now, in UTC", () => {
    const us = slot('date');
    const gb = slot('date', { locale: 'en-GB' });
    expect(read(us, 'tomorrow')).toEqual({ value: '2026-11-28' });
    expect(read(us, 'next friday please')).toEqual({ value: '2026-12-04' });
    // No year: the next one ahead.
    expect(read(us, '3 march')).toEqual({ value: '2027-03-03' });
    expect(read(us, '03/04')).toEqual({ value: '2027-03-04' });
    expect(read(gb, '03/04')).toEqual({ value: '2027-04-03' });
    expect(read(us, 'on 2026-12-04')).toEqual({ value: '2026-12-04' });
    expect(read(slot('date', { locale: 'de-DE' }), 'morgen')).toEqual({ value: '2026-11-28' });
    expect(read(slot('date', { locale: 'de-DE' }), 'am 3. März')).toEqual({ value: '2027-03-03' });
    // Read against the given time, not the process's clock or time zone.
    expect(readSlotValue(us, 'tomorrow', new Date('2026-01-31T00:10:00Z'))).toEqual({ value: '2026-02-01' });
    expect(read(us, 'a toaster')).toEqual({ refusal: "no date found in 'a toaster'" });
    // A time or a month alone is not a day.
    expect(read(us, 'at 5pm')).toEqual({ refusal: "no date found in 'at 5pm'" });
    expect(read(us, 'in march')).toEqual({ refusal: "no date found in 'in march'" });
  });

  it("takes the first text the slot's pattern matches", () => {
    const order = slot('pattern', { pattern: '[A-Z]{2}-\\d{4}' });
    expect(read(order, 'my order is AB-1234, or CD-5678')).toEqual({ value: 'AB-1234' });
    expect(read(order, 'ab-1234')).toEqual({ refusal: "'ab-1234' does not match the pattern /[A-Z]{2}-\\d{4}/" });
    // A pattern that matches nothing at all (an empty match) reads nothing.
    expect(read(slot('pattern', { pattern: '\\d*' }), 'none')).toMatchObject({ refusal: expect.any(String) });
    expect(read(slot('pattern', { pattern: '(' }), 'x')).toMatchObject({ refusal: expect.stringContaining('not a valid regular expression') });
  });

  it('quotes a long answer shortened in a refusal', () => {
    const refusal = (read(slot('date'), `no ${'very '.repeat(30)}long`) as { refusal: string }).refusal;
    expect(refusal.length).toBeLessThan(90);
    expect(refusal).toContain('…');
  });
});
