import type { ReactNode } from 'react';
import { ColorInput, Fieldset, Group, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';

/**
 * The inputs of the web chat editor: each takes its value and error and reports a change. Every
 * one is labelled, so screen readers (and the browser tests) find it by its name.
 */

/** A group of the configuration (Concierge, Window...): a fieldset whose legend names its inputs' group. */
export function ConfigSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="filled" radius="md">
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}

/** Short inputs (colours, switches) side by side where the column is wide enough. */
export function FieldPairs({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

/** Colour swatches offered beside typing a hex value: the console's own palette. */
const SWATCHES = ['#1a1b1e', '#495057', '#868e96', '#ffffff', '#1c7ed6', '#0ca678', '#f59f00', '#e03131', '#ae3ec9'];

export function ColorField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <ColorInput
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      format="hex"
      swatches={SWATCHES}
      // A half-typed value stays while typing; the schema says what is wrong with it.
      fixOnBlur={false}
      withEyeDropper={false}
    />
  );
}

/**
 * The frame of an input Mantine does not label itself: its label (its id is `labelId` when the
 * input needs to name it) with what stands beside it, the input, and its error under it.
 */
export function FieldFrame({
  label,
  labelId,
  aside,
  error,
  children,
}: {
  label: string;
  labelId?: string;
  aside?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text component="div" size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        {aside}
      </Group>
      {children}
      {error && (
        <Text size="xs" c="red.7">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The decimals of a step (0.1 -> 1), so the slider never answers 0.30000000000000004. */
function decimalsOf(step: number): number {
  return (String(step).split('.')[1] ?? '').length;
}

export function SliderField({
  label,
  unit,
  range,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  unit: string;
  range: { min: number; max: number; step: number };
  value: number;
  onChange: (value: number) => void;
  error?: string;
  disabled?: boolean;
}) {
  const shown = `${value.toFixed(decimalsOf(range.step))} ${unit}`;
  return (
    <FieldFrame
      label={label}
      error={error}
      aside={
        <Text size="sm" c="dimmed" data-testid={`${label} value`}>
          {shown}
        </Text>
      }
    >
      <Slider
        min={range.min}
        max={range.max}
        step={range.step}
        precision={decimalsOf(range.step)}
        value={value}
        onChange={onChange}
        thumbLabel={label}
        thumbValueText={shown}
        label={() => shown}
        disabled={disabled}
        marks={[
          { value: range.min, label: String(range.min) },
          { value: range.max, label: String(range.max) },
        ]}
        mb="md"
      />
    </FieldFrame>
  );
}

export function SwitchField({
  label,
  checked,
  onChange,
  description,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: string;
}) {
  return <Switch label={label} description={description} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />;
}
