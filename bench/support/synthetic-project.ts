import { kbFromPlainText, type Snapshot } from '@console/contracts';
import type { Intent } from './assistant-api';

/**
 * A synthetic project of `intents` x `utterances` for timing the engine: intents are an action on an
 * object ('cancel my subscription'), utterances vary the phrasing, politeness, the object's words and
 * small details, as visitors do. Deterministic (seeded), so runs compare.
 */

const actions = [
  ['cancel', 'stop', 'end'], ['change', 'update', 'modify'], ['renew', 'extend', 'prolong'], ['track', 'follow', 'locate'],
  ['return', 'send back', 'give back'], ['pay for', 'settle', 'cover'], ['upgrade', 'improve', 'raise'], ['transfer', 'move', 'shift'],
  ['verify', 'confirm', 'check'], ['reset', 'restore', 'recover'], ['share', 'send', 'forward'], ['download', 'save', 'export'],
  ['open', 'start', 'create'], ['close', 'shut', 'terminate'], ['report', 'flag', 'complain about'],
];
const objects = [
  ['subscription', 'membership plan'], ['order', 'purchase'], ['password', 'login details'], ['delivery address', 'shipping address'],
  ['invoice', 'bill'], ['credit card', 'payment card'], ['account', 'profile'], ['warranty', 'guarantee'], ['appointment', 'booking'], ['refund', 'reimbursement'],
];
const openers = ['how do i', 'how can i', 'i want to', 'i need to', 'can you help me', 'please help me', 'is it possible to', 'what is the way to', "i'd like to", 'where can i', 'help me', 'can i'];
const closers = ['', '', 'please', 'today', 'right now', 'online', 'from the app', 'on the website', 'for my family', 'before friday', 'as soon as possible', 'without calling'];
const details = ['', '', 'my', 'the', 'our', 'this', 'an old', 'the new'];

function random(seed: number) {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

export function syntheticProject(intents = 150, utterances = 100, seed = 7): Snapshot {
  const next = random(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const contents: Snapshot['contents'] = [];
  for (let i = 0; i < intents; i++) {
    const action = actions[i % actions.length]!;
    const object = objects[Math.floor(i / actions.length) % objects.length]!;
    const texts = new Set<string>();
    while (texts.size < utterances) {
      const parts = [pick(openers), pick(action), pick(details), pick(object), pick(closers)].filter(Boolean);
      if (next() < 0.2) parts.push(`#${Math.floor(next() * 90_000) + 10_000}`);
      texts.add(parts.join(' '));
    }
    contents.push({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      reporting_id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
      subject: `${action[0]} ${object[0]}`,
      response: kbFromPlainText(`To ${action[0]} your ${object[0]}, open Settings and choose ${action[0]}.`),
      utterances: [...texts],
      actions: [],
    });
  }
  return {
    version: 1,
    settings: { response_word_cutoff: 200, out_of_scope_response: 'Sorry, I cannot help with that.', pipeline_config: {} },
    jargon: { mappings: [] },
    contents,
    intents: [],
    slots: [],
  };
}

/** The synthetic project's content items as intents to import (subject as the name). */
export function syntheticIntents(intents: number, utterances: number): Intent[] {
  return syntheticProject(intents, utterances).contents.map((item) => ({ name: item.subject, utterances: item.utterances }));
}

/** Questions for timing `answer`: new phrasings of the intents and some that are out of scope. */
export function syntheticQuestions(count = 2000, seed = 11): string[] {
  const next = random(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const questions: string[] = [];
  for (let i = 0; i < count; i++) {
    questions.push(
      i % 10 === 9
        ? pick(['what is the weather tomorrow', 'tell me a joke', 'who won the match', 'play some music', 'how tall is everest'])
        : [pick(openers), pick(pick(actions)), pick(details), pick(pick(objects)), pick(closers)].filter(Boolean).join(' '),
    );
  }
  return questions;
}
