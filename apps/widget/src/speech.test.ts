import { describe, expect, it } from 'vitest';
import { pickVoice } from './speech';

const voice = (name: string, lang: string) => ({ name, lang }) as SpeechSynthesisVoice;
const voices = [
  voice('Google Deutsch', 'de-DE'),
  voice('Samantha', 'en-US'),
  voice('Daniel', 'en-GB'),
  voice('Karen', 'en-AU'),
  voice('Generic English', 'en_US'),
];

describe('the voice of a channel', () => {
  it('takes the a-th to d-th voice of the locale’s language and gender, wrapping round', () => {
    expect(pickVoice(voices, { locale: 'en-US', ttsGender: 'female', ttsVoice: 'a' })?.name).toBe('Samantha');
    expect(pickVoice(voices, { locale: 'en-US', ttsGender: 'female', ttsVoice: 'b' })?.name).toBe('Karen');
    expect(pickVoice(voices, { locale: 'en-US', ttsGender: 'female', ttsVoice: 'c' })?.name).toBe('Samantha');
    expect(pickVoice(voices, { locale: 'en', ttsGender: 'male', ttsVoice: 'a' })?.name).toBe('Daniel');
  });

  it('falls back to any voice of the language when none shows its gender, and to none for another language', () => {
    expect(pickVoice(voices, { locale: 'de-AT', ttsGender: 'male', ttsVoice: 'd' })?.name).toBe('Google Deutsch');
    expect(pickVoice(voices, { locale: 'fr-FR', ttsGender: 'female', ttsVoice: 'a' })).toBeNull();
  });
});
