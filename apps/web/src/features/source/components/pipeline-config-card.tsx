import { Code, JsonInput, Text } from '@mantine/core';
import {
  MULTI_VALUE_SEPARATOR,
  PIPELINE_CSV_COLUMNS,
  PIPELINE_DEFAULT_MAX_PAGES,
  PIPELINE_MAX_PAGES,
  updateSourceConfigBody,
  type Source,
} from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { useUpdateSourceConfig } from '../api/update-source-config';
import { SourceCard } from './source-card';

const SHAPE_EXAMPLE = JSON.stringify(
  {
    inputs: [
      { type: 'web', urls: ['https://example.com/help/shipping'] },
      { type: 'sitemap', url: 'https://example.com/sitemap.xml', max_pages: PIPELINE_DEFAULT_MAX_PAGES },
      { type: 'csv', url: 'https://example.com/faq.csv' },
      { type: 'csv', text: `${PIPELINE_CSV_COLUMNS.join(',')}\nShipping,We ship in 2 days.,when do you ship${MULTI_VALUE_SEPARATOR}delivery time` },
    ],
  },
  null,
  2,
);

/** The config as JSON, or undefined when the text is not JSON (the schema then says it must be an object). */
function parseConfig(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The config laid out two spaces deep, as it was loaded. */
function formatConfig(text: string): string {
  return JSON.stringify(parseConfig(text), null, 2);
}

function PipelineHelp() {
  return (
    <Text size="xs" c="dimmed" component="div">
      Inputs of type <Code>web</Code> (a list of page <Code>urls</Code>), <Code>sitemap</Code> (its <Code>url</Code>, and{' '}
      <Code>max_pages</Code> from 1 to {PIPELINE_MAX_PAGES}, default {PIPELINE_DEFAULT_MAX_PAGES}) or <Code>csv</Code> (a{' '}
      <Code>url</Code> or the <Code>text</Code> itself, with the columns {PIPELINE_CSV_COLUMNS.join(', ')}; utterances
      separated by <Code>{MULTI_VALUE_SEPARATOR.trim()}</Code>). Pulled items arrive as candidates. For example:
      <Code block mt={4}>
        {SHAPE_EXAMPLE}
      </Code>
    </Text>
  );
}

/** A pipeline source's configuration edited as JSON; Save only while the text is a JSON object. */
export function PipelineConfigCard({ source, canUpdate }: { source: Source; canUpdate: boolean }) {
  const mutation = useUpdateSourceConfig(source);
  const form = useEntityForm({
    schema: updateSourceConfigBody,
    initialValues: { config: JSON.stringify(source.config, null, 2) },
    toInput: (values) => ({ config: parseConfig(values.config) }),
    onSubmit: (body) => mutation.mutateAsync(body),
    // Laid out once saved, never on blur: a field that grows as focus leaves it moves Save from
    // under the pointer, and the press is lost.
    afterSave: (values) => ({ config: formatConfig(values.config) }),
  });
  const field = (
    <JsonInput
      label="Pipeline Configuration"
      autosize
      minRows={8}
      readOnly={!canUpdate}
      spellCheck={false}
      value={form.values.config}
      onChange={(value) => form.setField('config', value)}
      error={form.errors.config}
    />
  );
  return (
    <SourceCard title="Pipeline">
      {canUpdate ? (
        <EntityForm form={form} submitLabel="Save">
          {field}
        </EntityForm>
      ) : (
        field
      )}
      <PipelineHelp />
    </SourceCard>
  );
}
