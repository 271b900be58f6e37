import { describe, expect, it } from 'vitest';
import type { Snapshot } from '@console/contracts';
import { understood } from './classify';
import { compile, textsToEmbed } from './compile';
import { questionTexts, readUtterance, rephraseStage } from './rephrase';
import { shop, testProject } from './test-project';
import type { ConversationState } from './types';

const jargon: Snapshot['jargon'] = { mappings: [{ keyword: 'refund', terms: ['money back', 'reimbursement'] }] };
const index = compile(testProject(shop, { jargon }));

/** A conversation whose last question was answered with `content_id` (read with `thread` when it was a follow-up). */
const after = (utterance: string, content_id: string | null, thread: string | null = null): ConversationState => ({
  turns: [{ utterance, rephrased: thread ? `${utterance} ${thread}` : utterance, thread, content_id }],
  flow: null,
});

const rephrase = (state: ConversationState | null, utterance: string) => rephraseStage(index, state, readUtterance(index, { utterance }));

describe('reading a question', () => {
  it('applies the project’s jargon and reads the words once', () => {
    const question = readUtterance(index, { utterance: '  Can I get my Money Back? ' });
    expect(question).toMatchObject({ utterance: '  Can I get my Money Back? ', text: 'can i get my refund', jargon: [{ term: 'money back', keyword: 'refund' }] });
    expect(question.words).toEqual(['can', 'i', 'get', 'my', 'refund']);
    expect(readUtterance(index, { utterance: ' When do you open? ' })).toMatchObject({ text: 'When do you open?', jargon: [], words: ['when', 'do', 'you', 'open'] });
  });

  it('takes a reading’s sentence vector only for semantic understanding, and only of the compile’s length', () => {
    const vectors = new Map([['when do you open', Float32Array.from([1, 0, 0, 0])]]);
    expect(readUtterance(index, { utterance: 'when do you open', vectors }).meaningOf('when do you open')).toBeNull();
    const project = testProject(shop, { settings: { ...testProject(shop).settings, pipeline_config: { understanding: 'semantic' } } });
    const semantic = compile(project, new Map(textsToEmbed(project).map((text, i) => [text, Float32Array.from([1, i % 2, 0, 1])])));
    expect(readUtterance(semantic, { utterance: 'when do you open', vectors }).meaningOf('when do you open')).toBe(vectors.get('when do you open'));
    const longer = new Map([['when do you open', new Float32Array(8)]]);
    expect(readUtterance(semantic, { utterance: 'when do you open', vectors: longer }).meaningOf('when do you open')).toBeNull();
  });
});

describe('the rephrase stage', () => {
  it('reads a conversation’s first question alone', () => {
    const reading = rephrase(null, 'I want my money back');
    expect(reading).toMatchObject({ text: 'i want my refund', context: null, thread: null });
    expect(reading.step).toEqual({
      stage: 'rephrase',
      data: { input: 'I want my money back', output: 'i want my refund', jargon: [{ term: 'money back', keyword: 'refund' }], context: null, standalone: null },
    });
  });

  it('reads a fragment not understood alone, about the previous topic, with the previous question', () => {
    // The project's training never says 'days': alone, the question is not understood.
    expect(understood(index, rephrase(null, 'how many days?').classification)).toBe(false);
    const reading = rephrase(after('how long does delivery take', 'delivery'), 'how many days?');
    expect(reading.text).toBe('how many days? how long does delivery take');
    expect(reading.thread).toBe('how long does delivery take');
    expect(reading.context).toEqual({ previous: 'how long does delivery take', reason: 'Alone it was not understood, and its words are about the previous topic.' });
    expect(reading.step.data).toMatchObject({ output: reading.text, context: reading.context, standalone: null });
  });

  it('leans a follow-up of a follow-up on its own words and the topic it leaned on, not on the whole conversation', () => {
    const reading = rephrase(after('how many days?', 'delivery', 'how long does delivery take'), 'how many days?');
    expect(reading.context!.previous).toBe('how many days? how long does delivery take');
    expect(reading.thread).toBe('how long does delivery take');
  });

  it('reads a question that names its own topic alone, and says why', () => {
    const reading = rephrase(after('how long does delivery take', 'delivery'), 'what are your opening hours');
    expect(reading).toMatchObject({ text: 'what are your opening hours', context: null, thread: null });
    expect(reading.step.data.standalone).toEqual({ previous: 'how long does delivery take', reason: "Alone it is understood as 'Opening hours', so it was read alone." });
  });

  it('reads every question alone after a question that was not answered', () => {
    expect(rephrase(after('tell me a joke', null), 'how many days?').step.data).toMatchObject({ context: null, standalone: null });
  });
});

describe('the texts a question needs embedded', () => {
  const project = testProject(shop, { settings: { ...testProject(shop).settings, pipeline_config: { understanding: 'semantic' } } });
  const semantic = compile(project, new Map(textsToEmbed(project).map((text) => [text, Float32Array.from([1, text.length % 3, 0, 1])])));

  it('are none for a lexical project', () => {
    expect(questionTexts(index, null, 'when do you open')).toEqual([]);
  });

  it('are the question as read, and its reading with the previous answered question when it may follow it up', () => {
    expect(questionTexts(semantic, null, 'and on saturday?')).toEqual(['and on saturday?']);
    expect(questionTexts(semantic, after('when are you open', 'hours'), 'and on saturday?')).toEqual(['and on saturday?', 'and on saturday? when are you open']);
    expect(questionTexts(semantic, after('when are you open', 'hours'), 'how do I return a broken kettle bought online')).toEqual(['how do I return a broken kettle bought online']);
  });
});
