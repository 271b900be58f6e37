import { JsonInput, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import {
  RESPONSE_WORD_CUTOFF_RANGE,
  UNDERSTANDING_MODES,
  projectSettingsBody,
  understandingLabels,
  type Project,
  type Understanding,
} from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import type { EntityForm as EntityFormState } from '@/components/entity-form/use-entity-form';
import { useUpdateProject } from '@/lib/api/update-project';
import { jsonText, parseJsonText } from '@/lib/json-text';
import { understandingDescriptions, understandingOfText, withUnderstanding } from '../pipeline-config';

const understandingOptions = UNDERSTANDING_MODES.map((mode) => ({ value: mode, label: understandingLabels[mode] }));

interface SettingsValues extends Record<string, unknown> {
  display_name: string;
  description: string;
  /** NumberInput's value: a number, or the text typed so far ('' when empty). */
  response_word_cutoff: number | string;
  out_of_scope_response: string;
  handoff_message: string;
  /** The JSON text as typed; the form is invalid while it is not a JSON object. */
  pipeline_config: string;
}

function settingsValues(project: Project): SettingsValues {
  return {
    display_name: project.display_name,
    description: project.description,
    response_word_cutoff: project.response_word_cutoff,
    out_of_scope_response: project.out_of_scope_response,
    handoff_message: project.handoff_message,
    pipeline_config: jsonText(project.pipeline_config),
  };
}

function toInput(values: SettingsValues) {
  return {
    ...values,
    response_word_cutoff: values.response_word_cutoff === '' ? undefined : values.response_word_cutoff,
    pipeline_config: parseJsonText(values.pipeline_config),
  };
}

/** The Pipeline Config's understanding; it waits, empty, while the JSON below does not parse. */
function UnderstandingSelect({ form, readOnly }: { form: EntityFormState<SettingsValues>; readOnly: boolean }) {
  const understanding = understandingOfText(form.values.pipeline_config);
  return (
    <Select
      label="Understanding"
      description={
        understanding
          ? `${understandingDescriptions[understanding]} A change applies from the next Sync.`
          : 'Set once the Pipeline Config below is a JSON object.'
      }
      data={understandingOptions}
      value={understanding}
      onChange={(value) => value && form.setField('pipeline_config', withUnderstanding(form.values.pipeline_config, value as Understanding))}
      allowDeselect={false}
      disabled={!understanding}
      readOnly={readOnly}
    />
  );
}

/** Something the assistant says, as plain text. */
function MessageField({
  form,
  field,
  label,
  description,
  readOnly,
}: {
  form: EntityFormState<SettingsValues>;
  field: 'out_of_scope_response' | 'handoff_message';
  label: string;
  description: string;
  readOnly: boolean;
}) {
  return <Textarea label={label} description={description} autosize minRows={2} maxRows={8} readOnly={readOnly} {...form.textProps(field)} />;
}

function SettingsFields({ form, readOnly }: { form: EntityFormState<SettingsValues>; readOnly: boolean }) {
  return (
    <>
      <TextInput label="Name" autoComplete="off" readOnly={readOnly} {...form.textProps('display_name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} readOnly={readOnly} {...form.textProps('description')} />
      <NumberInput
        label="Response Word Cutoff"
        description={`Answers longer than this many words are cut (${RESPONSE_WORD_CUTOFF_RANGE.min}-${RESPONSE_WORD_CUTOFF_RANGE.max}).`}
        min={RESPONSE_WORD_CUTOFF_RANGE.min}
        max={RESPONSE_WORD_CUTOFF_RANGE.max}
        // No silent clamping: a number out of range shows its message instead of changing under the user.
        clampBehavior="none"
        allowDecimal={false}
        readOnly={readOnly}
        value={form.values.response_word_cutoff}
        onChange={(value) => form.setField('response_word_cutoff', value)}
        error={form.errors.response_word_cutoff}
      />
      <MessageField form={form} field="out_of_scope_response" label="Out of Scope Response" description="What the assistant says when it has no answer." readOnly={readOnly} />
      <MessageField
        form={form}
        field="handoff_message"
        label="Handoff Message"
        description="What the assistant says when a visitor asks for a person: where to reach one, such as an e-mail address or a link (both become links). Empty: a default message. Applies from the next Sync."
        readOnly={readOnly}
      />
      <UnderstandingSelect form={form} readOnly={readOnly} />
      <JsonInput
        label="Pipeline Config"
        description="A JSON object."
        autosize
        minRows={4}
        maxRows={16}
        formatOnBlur
        readOnly={readOnly}
        value={form.values.pipeline_config}
        onChange={(value) => form.setField('pipeline_config', value)}
        error={form.errors.pipeline_config}
        validationError={form.errors.pipeline_config}
      />
    </>
  );
}

/** The project's settings: editable with canUpdateProject, read-only otherwise. */
export function ProjectSettingsForm({ project, canUpdate }: { project: Project; canUpdate: boolean }) {
  const mutation = useUpdateProject(project.id);
  const form = useEntityForm({
    schema: projectSettingsBody,
    initialValues: settingsValues(project),
    toInput,
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return canUpdate ? (
    <EntityForm form={form} submitLabel="Save">
      <SettingsFields form={form} readOnly={false} />
    </EntityForm>
  ) : (
    <Stack gap="sm">
      <SettingsFields form={form} readOnly />
    </Stack>
  );
}
