import { useCallback, useEffect } from 'react';
import type { WebChannelConfig } from '@console/contracts';
import { useConfiguredState } from './configured-state';

/**
 * Names that speech engines give their voices, by gender. The Web Speech API does not say a voice's
 * gender, so a voice whose name carries one of these words counts as that gender.
 */
const GENDER_WORDS: Record<WebChannelConfig['ttsGender'], RegExp> = {
  female: /\b(female|woman|samantha|victoria|karen|moira|tessa|zira|susan|hazel|aria|jenny|amelie|anna|paulina|monica)\b/i,
  male: /\b(male|man|daniel|alex|fred|david|mark|george|thomas|diego|jorge|guy|ryan)\b/i,
};
const VOICE_ORDER: Record<WebChannelConfig['ttsVoice'], number> = { a: 0, b: 1, c: 2, d: 3 };

/**
 * The voice for a channel: among the voices of the locale's language, those of the configured gender
 * (when any is recognisable), the a-th to d-th of them (wrapping round when fewer exist).
 */
export function pickVoice(
  voices: readonly SpeechSynthesisVoice[],
  { locale, ttsGender, ttsVoice }: Pick<WebChannelConfig, 'locale' | 'ttsGender' | 'ttsVoice'>,
): SpeechSynthesisVoice | null {
  const language = locale.split('-')[0]!.toLowerCase();
  const ofLanguage = voices.filter((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === language);
  const ofGender = ofLanguage.filter((voice) => GENDER_WORDS[ttsGender].test(voice.name));
  const candidates = ofGender.length ? ofGender : ofLanguage;
  return candidates.length ? candidates[VOICE_ORDER[ttsVoice] % candidates.length]! : null;
}

const synthesis = (): SpeechSynthesis | null => (typeof speechSynthesis === 'undefined' ? null : speechSynthesis);

/** Reading answers aloud (Web Speech API) unless muted; starts muted when the channel prefers it. */
export function useSpeech(config: WebChannelConfig) {
  const { preferMute } = config.window;
  const [muted, setMuted] = useConfiguredState(preferMute);
  useEffect(() => {
    if (muted) synthesis()?.cancel();
  }, [muted]);
  useEffect(() => () => synthesis()?.cancel(), []);

  const { locale, ttsGender, ttsVoice } = config;
  const speak = useCallback(
    (text: string) => {
      const engine = synthesis();
      if (!engine || muted || !text.trim()) return;
      engine.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = locale;
      const voice = pickVoice(engine.getVoices(), { locale, ttsGender, ttsVoice });
      if (voice) utterance.voice = voice;
      engine.speak(utterance);
    },
    [muted, locale, ttsGender, ttsVoice],
  );
  return { supported: synthesis() !== null, muted, toggleMute: () => setMuted((value) => !value), speak };
}
