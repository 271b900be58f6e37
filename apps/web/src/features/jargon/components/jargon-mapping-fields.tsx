import { ActionIcon, Fieldset, Group, Pill, Stack, TagsInput, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { JargonMapping } from '@console/contracts';
import type { MappingErrors, MappingField } from './mapping-errors';

const messageList = (messages: string[]) =>
  messages.length ? messages.map((message) => <div key={message}>{message}</div>) : undefined;

interface JargonMappingFieldsProps {
  /** 1-based, names the mapping ('Mapping 2'). */
  number: number;
  mapping: JargonMapping;
  errors: MappingErrors;
  /** Without it the mapping is read-only; `field` is the one typed in. */
  onChange?: (mapping: JargonMapping, field: MappingField) => void;
  /** A field was left (blurred). */
  onLeave?: (field: MappingField) => void;
  onRemove?: () => void;
  keywordRef?: (element: HTMLInputElement | null) => void;
}

/** One mapping of the Jargon Mapper: its Keyword and its Terms, each with its messages. */
export function JargonMappingFields({ number, mapping, errors, onChange, onLeave, onRemove, keywordRef }: JargonMappingFieldsProps) {
  const readOnly = !onChange;
  return (
    <Fieldset legend={`Mapping ${number}`} p="sm">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap="xs" style={{ flex: 1 }}>
          <TextInput
            ref={keywordRef}
            label="Keyword"
            autoComplete="off"
            value={mapping.keyword}
            readOnly={readOnly}
            onChange={(event) => onChange?.({ ...mapping, keyword: event.currentTarget.value }, 'keyword')}
            onBlur={() => onLeave?.('keyword')}
            error={messageList(errors.keyword)}
          />
          <TagsInput
            label="Terms"
            description={readOnly ? undefined : 'Type a term and press Enter (or a comma) to add it.'}
            value={mapping.terms}
            readOnly={readOnly}
            onChange={(terms) => onChange?.({ ...mapping, terms }, 'terms')}
            onBlur={() => onLeave?.('terms')}
            // Duplicates are kept so that the rule's message says what is wrong, instead of a term silently vanishing.
            allowDuplicates
            error={messageList(errors.terms)}
            renderPill={({ value, onRemove: removeTerm, disabled }) => (
              <Pill
                withRemoveButton={!disabled}
                onRemove={removeTerm}
                // Mantine hides the remove button from the keyboard; here every term can be removed by Tab + Enter.
                removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': `Remove term ${value}` }}
              >
                {value}
              </Pill>
            )}
          />
        </Stack>
        {onRemove && (
          <ActionIcon variant="subtle" color="red" size={36} mt={24} aria-label={`Remove Mapping ${number}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
    </Fieldset>
  );
}
