import { TextInput } from '@mantine/core';
import type { EntityForm } from '@/components/entity-form/use-entity-form';
import { TextListInput, textListErrors } from '@/components/text-list-input';
import type { NamedTextListBody, NamedTextListKind, NamedTextListValues } from './named-text-list-kind';

/** Name and the list of texts (Utterances, Terms), editable or read-only, with their validation messages. */
export function NamedTextListFields<Name extends string, Texts extends string>({
  kind: { labels, fields },
  body,
  form,
  readOnly = false,
}: {
  kind: Pick<NamedTextListKind<Name, Texts>, 'labels' | 'fields'>;
  body: NamedTextListBody<Name, Texts>;
  form: EntityForm<NamedTextListValues<Name, Texts>>;
  readOnly?: boolean;
}) {
  const texts = form.values[fields.texts];
  // TypeScript reads a generic mapped field's type but cannot prove a write to it: the texts field is string[].
  const setTexts = (next: string[]) => form.setField(fields.texts, next as NamedTextListValues<Name, Texts>[Texts]);
  return (
    <>
      <TextInput label="Name" autoComplete="off" data-autofocus readOnly={readOnly} {...form.textProps(fields.name)} />
      <TextListInput
        legend={labels.items}
        itemLabel={labels.item}
        values={texts}
        onChange={readOnly ? undefined : setTexts}
        errors={form.errors[fields.texts] ? textListErrors(body.shape[fields.texts], texts) : undefined}
      />
    </>
  );
}
