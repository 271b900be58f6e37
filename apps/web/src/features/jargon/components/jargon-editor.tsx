import { useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { jargonSchema, type JargonMapping, type Project } from '@console/contracts';
import { FormError, SavedMark, SubmitButton, submitBlockedReason, useEntityForm } from '@/components/entity-form';
import { PageTitle } from '@/components/page-title';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { useUpdateProject } from '@/lib/api/update-project';
import { JargonMappingFields } from './jargon-mapping-fields';
import { mappingErrors, type MappingField } from './mapping-errors';

interface JargonValues extends Record<string, unknown> {
  mappings: JargonMapping[];
}

const emptyMapping: JargonMapping = { keyword: '', terms: [] };

/** The fields of one mapping the user has typed in or left: only theirs show messages. */
type Touched = Partial<Record<MappingField, true>>;

/**
 * The project's mappings as editable rows, checked live with the contracts jargonSchema; a field's
 * messages show once it was typed in or left, as in the other forms, while Save Changes stays
 * disabled (and says why) as long as any mapping is invalid. Discard Changes goes back to the saved
 * mappings, Save Changes (valid and changed) stores them all.
 */
export function JargonEditor({ project, canUpdate }: { project: Project; canUpdate: boolean }) {
  const mutation = useUpdateProject(project.id);
  const form = useEntityForm({
    schema: jargonSchema,
    initialValues: { mappings: project.jargon.mappings } as JargonValues,
    onSubmit: (jargon) => mutation.mutateAsync({ jargon }),
  });
  const { mappings } = form.values;
  const errors = mappingErrors(mappings);
  // By mapping index; a mapping without an entry is untouched (a new one, or one loaded from the server).
  const [touched, setTouched] = useState<Touched[]>([]);
  const touch = (index: number, field: MappingField) =>
    setTouched((current) => {
      if (current[index]?.[field]) return current;
      const next = [...current];
      next[index] = { ...next[index], [field]: true };
      return next;
    });
  const shownErrors = errors.map((mapping, index) => ({
    keyword: touched[index]?.keyword ? mapping.keyword : [],
    terms: touched[index]?.terms ? mapping.terms : [],
  }));
  // Why Save is disabled, from every message (a hidden one first), as the other forms say it.
  const firstMessages = (list: typeof errors) =>
    Object.fromEntries(
      list.flatMap((mapping, index) =>
        (['keyword', 'terms'] as const).flatMap((field) => (mapping[field].length ? [[`${index}.${field}`, mapping[field][0]!]] : [])),
      ),
    );
  const disabledReason =
    form.disabledReason && (submitBlockedReason(firstMessages(errors), firstMessages(shownErrors), form.changed) ?? form.disabledReason);

  const keywordInputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusKeyword = useRef<number | null>(null);
  useEffect(() => {
    if (focusKeyword.current === null) return;
    keywordInputs.current[focusKeyword.current]?.focus();
    focusKeyword.current = null;
  });

  const setMappings = (next: JargonMapping[]) => form.setField('mappings', next);
  const add = () => {
    focusKeyword.current = mappings.length;
    setMappings([...mappings, emptyMapping]);
  };
  const remove = (index: number) => {
    setMappings(mappings.filter((_, at) => at !== index));
    setTouched((current) => current.filter((_, at) => at !== index));
  };
  const discard = () => {
    form.reset();
    setTouched([]);
  };

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <PageTitle title="Jargon Mapper">
        {canUpdate && (
          <Group gap="sm">
            <SavedMark text={form.saved} />
            <Button variant="default" disabled={!form.changed || form.submitting} onClick={discard}>
              Discard Changes
            </Button>
            <SubmitButton form={{ ...form, disabledReason }}>Save Changes</SubmitButton>
          </Group>
        )}
      </PageTitle>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Each keyword stands for the terms visitors use for it: the assistant reads a term as its keyword. A term belongs to
          one mapping only.
        </Text>
        <FormError error={form.error} />
        {mappings.length === 0 && <Text c="dimmed">No mappings yet.</Text>}
        {mappings.map((mapping, index) => (
          <JargonMappingFields
            key={index}
            number={index + 1}
            mapping={mapping}
            errors={shownErrors[index]!}
            keywordRef={(element) => {
              keywordInputs.current[index] = element;
            }}
            onChange={
              canUpdate
                ? (next, field) => {
                    setMappings(mappings.map((old, at) => (at === index ? next : old)));
                    touch(index, field);
                  }
                : undefined
            }
            onLeave={(field) => touch(index, field)}
            onRemove={canUpdate ? () => remove(index) : undefined}
          />
        ))}
        {canUpdate && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} style={{ alignSelf: 'flex-start' }}>
            Add Mapping
          </Button>
        )}
      </Stack>
      <UnsavedChangesPrompt when={canUpdate && form.changed} />
    </form>
  );
}
