import { kbFromPlainText, type Snapshot } from '@console/contracts';

/**
 * A small project for the stage tests: each item its id, subject, one-line response and utterances
 * (the id doubles as the reporting id's suffix), plus whatever a test overrides.
 */
export function testProject(items: Record<string, { subject: string; response: string; utterances: string[] }>, overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    version: 1,
    settings: { response_word_cutoff: 200, out_of_scope_response: 'Sorry, I cannot help with that.', pipeline_config: { understanding: 'lexical' } },
    jargon: { mappings: [] },
    contents: Object.entries(items).map(([id, item]) => ({ id, reporting_id: `r-${id}`, subject: item.subject, response: kbFromPlainText(item.response), utterances: item.utterances, actions: [] })),
    intents: [],
    slots: [],
    ...overrides,
  };
}

/** A shop's three items: delivery, returns and opening hours. */
export const shop = {
  delivery: {
    subject: 'Delivery times',
    response: 'We deliver within two days.',
    utterances: ['how long does delivery take', 'when will my order arrive', 'delivery time for my parcel', 'how fast do you deliver', 'delivery duration'],
  },
  returns: {
    subject: 'Returns and refunds',
    response: 'Return an item within 30 days for a refund.',
    utterances: ['how do I return an item', 'can I send it back', 'refund policy', 'I want my money back', 'return a product'],
  },
  hours: {
    subject: 'Opening hours',
    response: 'We are open from nine to five.',
    utterances: ['when are you open', 'what are your opening hours', 'are you open on saturday', 'business hours', 'what time do you close'],
  },
};
