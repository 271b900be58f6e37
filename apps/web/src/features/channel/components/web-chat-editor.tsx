import { useId, useState } from 'react';
import { Button, Grid, Group, Stack, Title } from '@mantine/core';
import { DEFAULT_WEB_CHANNEL_CONFIG, webChannelConfigSchema, type Channel, type WebChannelConfig } from '@console/contracts';
import { FormError, SavedMark, isChanged, useEntityForm } from '@/components/entity-form';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { useUpdateChannelConfig } from '../api/update-channel-config';
import { ChannelSandbox } from './channel-sandbox';
import { WebChatFields } from './web-chat-fields';

/** The stored configuration, or the widget's defaults when what is stored does not read as one. */
function storedConfig(channel: Channel): WebChannelConfig {
  const parsed = webChannelConfigSchema.safeParse(channel.config);
  return parsed.success ? parsed.data : DEFAULT_WEB_CHANNEL_CONFIG;
}

/** The first message of each field path ('window.blur'), of the values as they are now. */
function issueMessages(values: WebChannelConfig): { path: string; message: string }[] {
  const parsed = webChannelConfigSchema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/**
 * The web chat editor: every configuration field beside a live sandbox that
 * draws the real widget with the unsaved values as they are edited. Save (one of the sandbox's
 * tools) checks the values with the contracts schema and stores them; 'Saved!' or the failure
 * shows as in every write form. Leaving with unsaved values asks first, as the Jargon Mapper does.
 */
export function WebChatEditor({ channel, canUpdate }: { channel: Channel; canUpdate: boolean }) {
  const mutation = useUpdateChannelConfig(channel);
  const form = useEntityForm({
    schema: webChannelConfigSchema,
    initialValues: storedConfig(channel),
    onSubmit: (config) => mutation.mutateAsync({ config }),
  });
  const issues = issueMessages(form.values);
  // A section's messages show once it was edited (or Save was tried), as the form shows its fields'.
  const errorAt = (path: string) =>
    form.errors[path.split('.')[0]!] === undefined
      ? undefined
      : issues.find((issue) => issue.path === path || issue.path.startsWith(`${path}.`))?.message;

  // The sandbox keeps the last valid values while a field is half-typed (a colour, a locale).
  const [shown, setShown] = useState(form.values);
  if (form.valid && isChanged(form.values, shown)) setShown(form.values);

  const formId = useId();
  // Save sits among the sandbox's tools, outside the form, which must not hold the widget: the
  // widget's own question form would submit the editor through React's tree.
  const saveTool = canUpdate ? (
    <Group gap="xs">
      <Button type="submit" form={formId} size="xs" disabled={!form.canSubmit} loading={form.submitting}>
        Save
      </Button>
      <SavedMark text={form.saved} />
    </Group>
  ) : undefined;

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${formId}-title`}>
      <Title order={3} size="h4" id={`${formId}-title`}>
        Web Chat Editor
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <form id={formId} onSubmit={(event) => void form.submit(event)} noValidate>
            <WebChatFields values={form.values} setField={form.setField} errorAt={errorAt} readOnly={!canUpdate} />
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm" pos="sticky" top="var(--mantine-spacing-md)">
            <ChannelSandbox projectId={channel.project_id} config={shown} saveTool={saveTool} />
            <FormError error={form.error} />
          </Stack>
        </Grid.Col>
      </Grid>
      <UnsavedChangesPrompt when={canUpdate && form.changed} />
    </Stack>
  );
}
