import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Fieldset, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { z } from 'zod';

/** A list's own message (empty, duplicates) and each line's (lengths), by line index. */
export interface TextListErrors {
  list?: string;
  items: Record<number, string>;
}

/** A list's messages from the issues found at or below `field` of a form's body ('terms'): a line's at its index. */
export function textListIssueErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], field?: string): TextListErrors {
  const errors: TextListErrors = { items: {} };
  for (const issue of issues) {
    const path = field === undefined ? issue.path : issue.path[0] === field ? issue.path.slice(1) : null;
    if (!path) continue;
    const [index] = path;
    if (typeof index === 'number') errors.items[index] ??= issue.message;
    else errors.list ??= issue.message;
  }
  return errors;
}

/** The messages the contracts schema of a list (utterances, terms) gives for these lines. */
export function textListErrors(schema: z.ZodType, values: readonly string[]): TextListErrors {
  return textListIssueErrors(schema.safeParse(values).error?.issues ?? []);
}

interface TextListInputProps {
  /** Names the whole list, e.g. 'Utterances'. */
  legend: string;
  /** Names one line, e.g. 'Utterance': lines read 'Utterance 1', 'Utterance 2'... */
  itemLabel: string;
  values: readonly string[];
  /** Without it the list is read-only. */
  onChange?: (values: string[]) => void;
  errors?: TextListErrors;
}

// The legend reads like the label of a single input beside it.
const legendStyles = { legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' } };

/**
 * A list of one-line texts to add, edit and remove (intent utterances, slot terms), each line with
 * its own message and the list's message below. Enter in a line opens a new line after it.
 */
export function TextListInput({ legend, itemLabel, values, onChange, errors }: TextListInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement | null>(null);
  // Where the keyboard goes after a line is added or removed (applied once the lines have rendered).
  const focusNext = useRef<number | 'add' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    (target === 'add' ? addButton.current : inputs.current[target])?.focus();
  });

  if (!onChange) {
    return (
      <Fieldset legend={legend} variant="unstyled" styles={legendStyles}>
        {values.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Stack gap={6}>
            {values.map((value, index) => (
              <TextInput key={index} aria-label={`${itemLabel} ${index + 1}`} value={value} readOnly />
            ))}
          </Stack>
        )}
      </Fieldset>
    );
  }
  const change = onChange;

  function insertAfter(index: number) {
    change([...values.slice(0, index + 1), '', ...values.slice(index + 1)]);
    focusNext.current = index + 1;
  }

  function remove(index: number) {
    change(values.filter((_, at) => at !== index));
    focusNext.current = values.length > 1 ? Math.max(0, index - 1) : 'add';
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    insertAfter(index);
  }

  return (
    <Fieldset legend={legend} variant="unstyled" styles={legendStyles}>
      <Stack gap={6}>
        {values.map((value, index) => (
          <Group key={index} gap={6} wrap="nowrap" align="flex-start">
            <TextInput
              ref={(element) => {
                inputs.current[index] = element;
              }}
              aria-label={`${itemLabel} ${index + 1}`}
              value={value}
              onChange={(event) => change(values.map((line, at) => (at === index ? event.currentTarget.value : line)))}
              onKeyDown={(event) => onKeyDown(event, index)}
              error={errors?.items[index]}
              autoComplete="off"
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              aria-label={`Remove ${itemLabel} ${index + 1}`}
              onClick={() => remove(index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {errors?.list && <Input.Error>{errors.list}</Input.Error>}
        <Button
          ref={addButton}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => insertAfter(values.length - 1)}
          style={{ alignSelf: 'flex-start' }}
        >
          {`Add ${itemLabel}`}
        </Button>
      </Stack>
    </Fieldset>
  );
}
