import { describe, expect, it } from 'vitest';
import { jsonText } from '@/lib/json-text';
import { understandingOfText, withUnderstanding } from './pipeline-config';

describe('the understanding of the Pipeline Config text', () => {
  it('is semantic unless the config says lexical, for new and existing projects alike', () => {
    expect(understandingOfText(jsonText({}))).toBe('semantic');
    expect(understandingOfText(jsonText({ understanding: 'lexical' }))).toBe('lexical');
    expect(understandingOfText(jsonText({ understanding: 'telepathic' }))).toBe('semantic');
  });

  it('cannot be read while the text is not a JSON object', () => {
    expect(understandingOfText('{"understanding": "lexical"')).toBeNull();
    expect(understandingOfText('["lexical"]')).toBeNull();
    expect(understandingOfText('null')).toBeNull();
  });

  it('is set in the text, every other key kept', () => {
    const text = jsonText({ generation: { model: 'm' }, understanding: 'semantic', threshold: 0.4 });
    const changed = withUnderstanding(text, 'lexical');
    expect(JSON.parse(changed)).toEqual({ generation: { model: 'm' }, understanding: 'lexical', threshold: 0.4 });
    expect(understandingOfText(changed)).toBe('lexical');
    expect(JSON.parse(withUnderstanding(jsonText({}), 'semantic'))).toEqual({ understanding: 'semantic' });
  });

  it('leaves text that is not a JSON object as it was typed', () => {
    expect(withUnderstanding('{"a": ', 'lexical')).toBe('{"a": ');
  });
});
