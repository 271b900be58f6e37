import { describe, expect, it } from 'vitest';
import { LIST_MAX_ITEMS } from './constants';
import { createApiKeyBody } from './api-key';
import { intentBody } from './intent';
import { jargonSchema } from './jargon';
import { messages } from './messages';
import { slotFields } from './slot';
import { pipelineConfigSchema } from './source';

const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('lists in request bodies', () => {
  it(`hold at most ${LIST_MAX_ITEMS} items, refused in the spec's words`, () => {
    const cases: [string, (n: number) => { success: boolean; error?: { issues: { message: string }[] } }][] = [
      ['Utterances', (n) => intentBody.safeParse({ intent: 'greeting', utterances: many(n, (i) => `hello ${i}`) })],
      ['Terms', (n) => slotFields.terms.safeParse(many(n, (i) => `term ${i}`))],
      ['Mappings', (n) => jargonSchema.safeParse({ mappings: many(n, (i) => ({ keyword: `k${i}`, terms: [`t${i}`] })) })],
      ['Terms', (n) => jargonSchema.safeParse({ mappings: [{ keyword: 'k', terms: many(n, (i) => `t${i}`) }] })],
      ['Inputs', (n) => pipelineConfigSchema.safeParse({ inputs: many(n, () => ({ type: 'csv', text: 'subject' })) })],
      ['URLs', (n) => pipelineConfigSchema.safeParse({ inputs: [{ type: 'web', urls: many(n, (i) => `https://example.com/${i}`) }] })],
    ];
    for (const [field, parse] of cases) {
      expect(parse(LIST_MAX_ITEMS).success, field).toBe(true);
      expect(firstMessage(parse(LIST_MAX_ITEMS + 1)), field).toBe(messages.atMostItems(field, LIST_MAX_ITEMS));
    }
    expect(messages.atMostItems('Utterances', 1000)).toBe('Utterances must have at most 1000 items');
  });

  it('an API key names its scopes in a bounded list too', () => {
    const body = { display_name: 'Reporting', resource_type: 'deployment', resource_id: '0b6a1a4e-5b8c-4c1e-9f0a-2f1d3c4b5a69' };
    const scopes = many(LIST_MAX_ITEMS + 1, () => 'read_conversation_store');
    expect(firstMessage(createApiKeyBody().safeParse({ ...body, scopes }))).toBe(messages.atMostItems('Scopes', LIST_MAX_ITEMS));
  });
});
