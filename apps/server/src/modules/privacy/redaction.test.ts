import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTION_KINDS, REDACTION_MARKERS, type RedactionKind } from '@console/contracts';
import { redactText, redactToFit, redactValue } from './redaction';

const all = REDACTION_KINDS;
const only = (kind: RedactionKind) => [kind];

/** A card number of `body` digits with its Luhn check digit added (or a wrong one). */
function withCheckDigit(body: string, right = true): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  const check = (10 - (sum % 10)) % 10;
  return body + String(right ? check : (check + 1) % 10);
}

describe('redaction of what visitors type', () => {
  it.each([
    ['my email is jane.doe+shop@example.co.uk, thanks', 'my email is [EMAIL], thanks'],
    ['Write to J_Smith@mail.example.org.', 'Write to [EMAIL].'],
    ['two: a@b.io and x.y@z-corp.com', 'two: [EMAIL] and [EMAIL]'],
  ])('replaces e-mail addresses: %s', (text, expected) => {
    expect(redactText(text, only('email'))).toBe(expected);
  });

  it.each([
    ['card 4111 1111 1111 1111 was charged twice', 'card [CARD] was charged twice'],
    ['5500-0000-0000-0004', '[CARD]'],
    ['my amex is 378282246310005.', 'my amex is [CARD].'],
  ])('replaces card numbers that pass the Luhn check: %s', (text, expected) => {
    expect(redactText(text, only('card'))).toBe(expected);
  });

  it.each([
    ['card 4111 1111 1111 1112 was charged twice'],
    ['order 1234567890123 shipped'],
    ['the total was 1,234,567,890,123,456'],
  ])('keeps numbers that fail the Luhn check or are not a card: %s', (text) => {
    expect(redactText(text, only('card'))).toBe(text);
  });

  it.each([
    ['pay to DE89 3704 0044 0532 0130 00 please', 'pay to [IBAN] please'],
    ['GB29NWBK60161331926819', '[IBAN]'],
    ['iban fr1420041010050500013m02606', 'iban [IBAN]'],
  ])('replaces IBANs whose checksum holds: %s', (text, expected) => {
    expect(redactText(text, only('iban'))).toBe(expected);
  });

  it.each([['pay to DE89 3704 0044 0532 0130 01 please'], ['GB28NWBK60161331926819'], ['model AB12 CDEF GHIJ KLMN is out']])(
    'keeps IBAN-shaped text whose checksum fails: %s',
    (text) => {
      expect(redactText(text, only('iban'))).toBe(text);
    },
  );

  it.each([
    ['my address is 192.168.10.254', 'my address is [IP]'],
    ['from 2001:db8::8a2e:370:7334 today', 'from [IP] today'],
    ['ip ::1', 'ip [IP]'],
  ])('replaces IP addresses: %s', (text, expected) => {
    expect(redactText(text, only('ip'))).toBe(expected);
  });

  it.each([['version 1.2.3.4.5 is out'], ['256.1.1.1 is no address'], ['we open at 10:30:00'], ['the score was 3.14']])('keeps what only looks like an address: %s', (text) => {
    expect(redactText(text, only('ip'))).toBe(text);
  });

  it.each([
    ['call me on +44 20 7946 0958', 'call me on [PHONE]'],
    ['my number is (415) 555-2671', 'my number is [PHONE]'],
    ['ring 0044 20 7946 0958 after six', 'ring [PHONE] after six'],
    ['Handy: 030 12345678', 'Handy: [PHONE]'],
  ])('replaces phone numbers valid where they are dialled: %s', (text, expected) => {
    expect(redactText(text, only('phone'))).toBe(expected);
  });

  it.each([['the parcel left on 2026-11-27'], ['order 12345678 is late'], ['I was born 27.11.1990'], ['room 1234567']])('keeps numbers that are no phone number: %s', (text) => {
    expect(redactText(text, only('phone'))).toBe(text);
  });

  it('never changes an id, alone or inside a text', () => {
    const ids = ['33490fcf-3007-4160-bd65-66ac8544d6c1', 'ab12cd34-ef56-4a78-9b01-c2d3e4f5a6b7', '00000000-0000-4000-8000-000000000001'];
    for (const id of ids) {
      expect(redactValue({ content_id: id, list: [id] }, all)).toEqual({ content_id: id, list: [id] });
      expect(redactText(`see ${id} please`, all)).toBe(`see ${id} please`);
    }
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(redactText(`item ${id}, conversation ${id}`, all)).toBe(`item ${id}, conversation ${id}`);
      }),
    );
  });

  it('never changes the times the program stamps, and the value they sit in stays the same object', () => {
    const stamped = { issued_at: '2026-11-27T10:15:30.123Z', answered_at: '2026-11-27T10:15:30+01:00', list: ['2026-11-27T10:15:30Z'] };
    expect(redactValue(stamped, all)).toBe(stamped);
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (date) => {
        const value = { at: date.toISOString() };
        expect(redactValue(value, all)).toBe(value);
      }),
    );
  });

  it('redacts only the kinds asked for, and nothing when none is', () => {
    const text = 'jane@example.org, 4111 1111 1111 1111';
    expect(redactText(text, only('email'))).toBe('[EMAIL], 4111 1111 1111 1111');
    expect(redactText(text, [])).toBe(text);
  });

  it('redacts every string of a value, keeps its keys, and returns a clean value as it was', () => {
    const clean = { turn: 1, trace: [{ step: 'match', score: 0.8123456789012345 }], utterance: 'How do I reset my password?' };
    expect(redactValue(clean, all)).toBe(clean);
    const value = { 'jane@example.org': 'jane@example.org', flow: { slots: { email: 'jane@example.org', count: 2 } }, list: ['ok', 'call +44 20 7946 0958'] };
    expect(redactValue(value, all)).toEqual({ 'jane@example.org': '[EMAIL]', flow: { slots: { email: '[EMAIL]', count: 2 } }, list: ['ok', 'call [PHONE]'] });
    expect(value.flow.slots.email).toBe('jane@example.org');
  });

  it('never makes a text longer than its column', () => {
    expect(redactToFit('a@b.co', all, 6)).toBe('[EMAIL');
    expect(redactToFit('x'.repeat(10), all, 10)).toBe('x'.repeat(10));
  });
});

/** Text without digits, '@' or colons: nothing any kind could find, and nothing that joins a value beside it. */
const plainText = fc.string({ unit: fc.constantFrom(...'abcdefghij XYZ,.!?-_()éü漢\n\t"\''.split('')), maxLength: 40 });
const cardNumbers = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }).map((digits) => withCheckDigit(`4${digits.join('')}`.slice(0, digits.length)));

describe('redaction, whatever surrounds the data', () => {
  it('replaces the value by its marker and leaves the text around it as it was', () => {
    const values = fc.oneof(
      fc.constant({ value: 'jane.doe@example.org', marker: REDACTION_MARKERS.email }),
      fc.constant({ value: 'DE89 3704 0044 0532 0130 00', marker: REDACTION_MARKERS.iban }),
      fc.constant({ value: '10.0.0.12', marker: REDACTION_MARKERS.ip }),
      fc.constant({ value: '+44 20 7946 0958', marker: REDACTION_MARKERS.phone }),
      cardNumbers.map((value) => ({ value, marker: REDACTION_MARKERS.card })),
    );
    fc.assert(
      fc.property(plainText, values, plainText, (before, { value, marker }, after) => {
        expect(redactText(`${before} ${value} ${after}`, all)).toBe(`${before} ${marker} ${after}`);
      }),
    );
  });

  it('keeps card-like numbers that fail the Luhn check', () => {
    const wrong = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }).map((digits) => withCheckDigit(`9${digits.join('')}`.slice(0, digits.length), false));
    fc.assert(
      fc.property(plainText, wrong, (before, number) => {
        expect(redactText(`${before} ${number}`, only('card'))).toBe(`${before} ${number}`);
      }),
    );
  });

  it('is the identity on text that holds no digit, @ or colon, and redacting twice changes nothing more', () => {
    fc.assert(
      fc.property(plainText, (text) => {
        expect(redactText(text, all)).toBe(text);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const once = redactText(text, all);
        expect(redactText(once, all)).toBe(once);
      }),
    );
  });
});
