import { useEffect, useRef } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { jargonSchema, type JargonMapping, type Project } from '@console/contracts';
import { FormError, SavedMark, SubmitButton, useEntityForm } from '@/components/entity-form';
import { PageTitle } from '@/components/page-title';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { useUpdateProject } from '@/lib/api/update-project';
import { JargonMappingFields } from './jargon-mapping-fields';
import { mappingErrors } from './mapping-errors';

interface JargonValues extends Record<string, unknown> {
  mappings: JargonMapping[];
}

const emptyMapping: JargonMapping = { keyword: '', terms: [] };

/**
 * The project's mappings as editable rows, checked live with the contracts jargonSchema; Discard
 * Changes goes back to the saved mappings, Save Changes (valid and changed) stores them all.
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

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <PageTitle title="Jargon Mapper">
        {canUpdate && (
          <Group gap="sm">
            <SavedMark text={form.saved} />
            <Button variant="default" disabled={!form.changed || form.submitting} onClick={() => form.reset()}>
              Discard Changes
            </Button>
            <SubmitButton form={form}>Save Changes</SubmitButton>
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
            errors={errors[index]!}
            keywordRef={(element) => {
              keywordInputs.current[index] = element;
            }}
            onChange={canUpdate ? (next) => setMappings(mappings.map((old, at) => (at === index ? next : old))) : undefined}
            onRemove={canUpdate ? () => setMappings(mappings.filter((_, at) => at !== index)) : undefined}
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
