import type { Snapshot } from '@console/contracts';
import { snapshotOf, type Intent } from './assistant-api';

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

/** The synthetic project's content items as intents: subject, utterances and a one-line response. */
export function syntheticIntents(intents = 150, utterances = 100, seed = 7): Intent[] {
  const next = random(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const items: Intent[] = [];
  for (let i = 0; i < intents; i++) {
    const action = actions[i % actions.length]!;
    const object = objects[Math.floor(i / actions.length) % objects.length]!;
    const texts = new Set<string>();
    while (texts.size < utterances) {
      const parts = [pick(openers), pick(action), pick(details), pick(object), pick(closers)].filter(Boolean);
      if (next() < 0.2) parts.push(`#${Math.floor(next() * 90_000) + 10_000}`);
      texts.add(parts.join(' '));
    }
    items.push({
      name: `${action[0]} ${object[0]}`,
      response: `To ${action[0]} your ${object[0]}, open Settings and choose ${action[0]}.`,
      utterances: [...texts],
    });
  }
  return items;
}

/** The synthetic project as a snapshot, for timing the engine alone. */
export function syntheticProject(intents = 150, utterances = 100, pipelineConfig: Record<string, unknown> = {}): Snapshot {
  return snapshotOf(syntheticIntents(intents, utterances), pipelineConfig);
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

/**
 * Questions of the synthetic project's kind, each different from every one asked before: the n-th
 * combination of opener, action, detail, object and closer, walked with a stride prime to their
 * count so that consecutive questions differ in every part. For a load in which no answer may come
 * from a cache (or a cached vector); throws once all of them have been asked.
 */
export function distinctQuestions(): () => string {
  const parts = [openers, actions.flat(), details, objects.flat(), closers].map((list) => [...new Set(list)]);
  const combinations = parts.reduce((product, list) => product * list.length, 1);
  // A prime larger than any part's count and not dividing their product.
  const STRIDE = 7919;
  const asked = new Set<string>();
  let n = 0;
  return () => {
    for (;;) {
      if (n >= combinations) throw new Error('every distinct question has been asked');
      let rest = (n++ * STRIDE) % combinations;
      const question = parts
        .map((list) => {
          const word = list[rest % list.length]!;
          rest = Math.floor(rest / list.length);
          return word;
        })
        .filter(Boolean)
        .join(' ');
      if (!asked.has(question)) {
        asked.add(question);
        return question;
      }
    }
  };
}
