import { Fieldset, Select, Stack, TextInput } from '@mantine/core';
import { TTS_GENDERS, TTS_VOICES, WEB_CHANNEL_RANGES, type WebChannelConfig } from '@console/contracts';
import { ColorField, ConfigSection, FieldPairs, SliderField, SwitchField } from './config-inputs';
import { KbMessageField } from './kb-message-field';

type Config = WebChannelConfig;
/** The groups of the configuration that are objects of fields. */
type SectionKey = 'concierge' | 'logos' | 'controlBar' | 'window' | 'bubbles';

export interface ConfigEditing {
  values: Config;
  setField: <K extends keyof Config & string>(field: K, value: Config[K]) => void;
  /** The message of the field at this path ('window.blur'), once the user may see it. */
  errorAt: (path: string) => string | undefined;
  readOnly: boolean;
}

const genderOptions = TTS_GENDERS.map((value) => ({ value, label: value === 'female' ? 'Female' : 'Male' }));
const voiceOptions = TTS_VOICES.map((value) => ({ value, label: `Voice ${value.toUpperCase()}` }));

/** An image URL input where an empty value means no image. */
function ImageField({ label, value, onChange, error }: { label: string; value: string | null; onChange: (value: string | null) => void; error?: string }) {
  return (
    <TextInput
      label={label}
      placeholder="https://"
      description="Leave empty for none"
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value.trim() === '' ? null : event.currentTarget.value)}
      error={error}
    />
  );
}

/**
 * Every field of the web channel configuration, grouped as the widget uses them: colours as colour
 * inputs, flags as switches, and the sliders with the ranges and steps of WEB_CHANNEL_RANGES.
 */
export function WebChatFields({ values, setField, errorAt, readOnly }: ConfigEditing) {
  function setIn<S extends SectionKey, F extends keyof Config[S] & string>(section: S, field: F, value: Config[S][F]) {
    setField(section, { ...values[section], [field]: value });
  }
  const color = <S extends SectionKey>(section: S, field: keyof Config[S] & string, label: string) => (
    <ColorField
      label={label}
      value={values[section][field] as string}
      onChange={(value) => setIn(section, field, value as Config[S][typeof field])}
      error={errorAt(`${section}.${field}`)}
    />
  );
  /** A slider in pixels: its range and step are those WEB_CHANNEL_RANGES gives the field of the same name. */
  const pixels = <S extends 'window' | 'bubbles'>(section: S, field: keyof Config[S] & keyof typeof WEB_CHANNEL_RANGES, label: string) => (
    <SliderField
      label={label}
      unit="px"
      range={WEB_CHANNEL_RANGES[field]}
      value={values[section][field] as number}
      onChange={(value) => setIn(section, field, value as Config[S][typeof field])}
      error={errorAt(`${section}.${field}`)}
      disabled={readOnly}
    />
  );
  const flag = (field: keyof Config['window'] & string, label: string) => (
    <SwitchField label={label} checked={values.window[field] as boolean} onChange={(checked) => setIn('window', field, checked)} />
  );
  const { concierge, logos, controlBar, bubbles } = values;

  return (
    // A disabled fieldset disables every native input inside: viewers see the configuration, unchanged.
    <Fieldset disabled={readOnly} variant="unstyled" p={0} aria-label="Web chat configuration">
      <Stack gap="md">
        <ConfigSection legend="Concierge">
          <TextInput
            label="Concierge Name"
            value={concierge.name}
            onChange={(event) => setIn('concierge', 'name', event.currentTarget.value)}
            error={errorAt('concierge.name')}
          />
          <FieldPairs>
            {color('concierge', 'titleColor', 'Title Color')}
            {color('concierge', 'subtitleColor', 'Subtitle Color')}
          </FieldPairs>
        </ConfigSection>

        <ConfigSection legend="Logos">
          <ImageField label="Brand Logo" value={logos.brand} onChange={(value) => setIn('logos', 'brand', value)} error={errorAt('logos.brand')} />
          <ImageField label="Icon" value={logos.icon} onChange={(value) => setIn('logos', 'icon', value)} error={errorAt('logos.icon')} />
        </ConfigSection>

        <ConfigSection legend="Control Bar">
          <TextInput
            label="Placeholder Text"
            value={controlBar.placeholderText}
            onChange={(event) => setIn('controlBar', 'placeholderText', event.currentTarget.value)}
            error={errorAt('controlBar.placeholderText')}
          />
          <FieldPairs>
            {color('controlBar', 'textColor', 'Text Color')}
            {color('controlBar', 'placeholderColor', 'Placeholder Color')}
            {color('controlBar', 'closeIconColor', 'Close Icon Color')}
            {color('controlBar', 'closeIconHoverColor', 'Close Icon Hover Color')}
          </FieldPairs>
        </ConfigSection>

        <ConfigSection legend="Window">
          {pixels('window', 'blur', 'Background Blur')}
          {pixels('window', 'fullWidth', 'Full Width')}
          {pixels('window', 'sideWidth', 'Side Width')}
          <FieldPairs>
            {color('window', 'backgroundColor', 'Background Color')}
            {color('window', 'accentColor', 'Accent Color')}
            {color('window', 'openButtonColor', 'Open Button Color')}
          </FieldPairs>
          <FieldPairs>
            {flag('backgroundGradient', 'Background Gradient')}
            {flag('backgroundTransparent', 'Background Transparent')}
            {flag('preferMute', 'Prefer Mute')}
            {flag('startMaximized', 'Start Maximized')}
            {flag('startOpened', 'Start Opened')}
            {flag('omitHeader', 'Omit Header')}
          </FieldPairs>
        </ConfigSection>

        <ConfigSection legend="Bubbles">
          {pixels('bubbles', 'maxWidth', 'Max Bubble Width')}
          <KbMessageField
            label="Welcome Message"
            value={bubbles.welcomeMessage}
            nullable
            onChange={(value) => setIn('bubbles', 'welcomeMessage', value)}
            readOnly={readOnly}
            error={errorAt('bubbles.welcomeMessage')}
          />
          <KbMessageField
            label="Error Message"
            value={bubbles.errorMessage}
            nullable={false}
            // Never null: Clear is not offered for the error message.
            onChange={(value) => value && setIn('bubbles', 'errorMessage', value)}
            readOnly={readOnly}
            error={errorAt('bubbles.errorMessage')}
          />
          <FieldPairs>
            {color('bubbles', 'conciergeTextColor', 'Concierge Text Color')}
            {color('bubbles', 'conciergeLinkTextColor', 'Concierge Link Text Color')}
          </FieldPairs>
        </ConfigSection>

        <ConfigSection legend="Footer">
          <KbMessageField
            label="Footer"
            value={values.footer}
            nullable
            onChange={(value) => setField('footer', value)}
            readOnly={readOnly}
            error={errorAt('footer')}
          />
        </ConfigSection>

        <ConfigSection legend="Voice">
          <FieldPairs>
            <Select
              label="TTS Gender"
              data={genderOptions}
              value={values.ttsGender}
              onChange={(value) => value && setField('ttsGender', value as Config['ttsGender'])}
              allowDeselect={false}
              error={errorAt('ttsGender')}
            />
            <Select
              label="TTS Voice"
              data={voiceOptions}
              value={values.ttsVoice}
              onChange={(value) => value && setField('ttsVoice', value as Config['ttsVoice'])}
              allowDeselect={false}
              error={errorAt('ttsVoice')}
            />
          </FieldPairs>
        </ConfigSection>

        <ConfigSection legend="Locale">
          <TextInput
            label="Locale"
            description="A language tag such as en-US or de-DE"
            value={values.locale}
            onChange={(event) => setField('locale', event.currentTarget.value)}
            error={errorAt('locale')}
          />
        </ConfigSection>

        <ConfigSection legend="Clear">
          <SwitchField
            label="Allow Clear"
            description="Visitors may clear the conversation"
            checked={values.allowClear}
            onChange={(checked) => setField('allowClear', checked)}
          />
        </ConfigSection>

        <ConfigSection legend="Feedback">
          <SwitchField
            label="Ask for Feedback"
            description="Thumbs up and down under each answer; a thumbs down may add a comment"
            checked={values.feedback}
            onChange={(checked) => setField('feedback', checked)}
          />
        </ConfigSection>

        <ConfigSection legend="Timeout">
          <SliderField
            label="Response Timeout"
            unit="ms"
            range={WEB_CHANNEL_RANGES.responseTimeout}
            value={values.responseTimeout}
            onChange={(value) => setField('responseTimeout', value)}
            error={errorAt('responseTimeout')}
            disabled={readOnly}
          />
        </ConfigSection>
      </Stack>
    </Fieldset>
  );
}
