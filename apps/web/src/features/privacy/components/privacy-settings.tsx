import { useState } from 'react';
import { Card, Checkbox, Group, NumberInput, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import {
  DEFAULT_RETENTION_DAYS,
  REDACTION_KINDS,
  REDACTION_MARKERS,
  RETENTION_DAYS_RANGE,
  redactionKindLabels,
  updatePrivacyBody,
  type Project,
  type RedactionKind,
  type UpdatePrivacyBody,
} from '@console/contracts';
import { ConfirmAction } from '@/components/confirm-delete';
import { JobProgress } from '@/components/job-progress';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import type { EntityForm as EntityFormState } from '@/components/entity-form/use-entity-form';
import { formatDateTime } from '@/lib/format';
import { useRetentionStatus } from '../api/get-retention';
import { useUpdatePrivacy } from '../api/update-privacy';

interface PrivacyValues extends Record<string, unknown> {
  redaction_enabled: boolean;
  redaction_kinds: RedactionKind[];
  /** 'days' keeps conversations retention_days days; 'forever' keeps them. */
  retention: 'days' | 'forever';
  /** NumberInput's value: a number, or the text typed so far ('' when empty). */
  retention_days: number | string;
}

function privacyValues(project: Project): PrivacyValues {
  return {
    redaction_enabled: project.redaction_enabled,
    redaction_kinds: project.redaction_kinds,
    retention: project.retention_days === null ? 'forever' : 'days',
    retention_days: project.retention_days ?? DEFAULT_RETENTION_DAYS,
  };
}

function toInput(values: PrivacyValues): UpdatePrivacyBody {
  return {
    redaction_enabled: values.redaction_enabled,
    redaction_kinds: values.redaction_kinds,
    // An emptied field goes as it is ('' is no number), so it shows the contracts' message.
    retention_days: values.retention === 'forever' ? null : (values.retention_days as number),
  };
}

/** Days a save would delete that are kept now: a shorter retention, or a number where there was forever. */
function shortens(project: Project, days: number | null): boolean {
  return days !== null && (project.retention_days === null || days < project.retention_days);
}

function PrivacyFields({ form, readOnly }: { form: EntityFormState<PrivacyValues>; readOnly: boolean }) {
  const { values } = form;
  return (
    <>
      <Switch
        label="Redact personal data before it is stored"
        description="Questions, answers, traces and feedback comments are stored with the kinds chosen below replaced by markers. The assistant still reads what visitors type, and a flow's endpoint still receives the values they give."
        checked={values.redaction_enabled}
        disabled={readOnly}
        onChange={(event) => form.setField('redaction_enabled', event.currentTarget.checked)}
      />
      <Checkbox.Group
        label="Kinds of personal data"
        value={values.redaction_kinds}
        onChange={(kinds) => form.setField('redaction_kinds', kinds as RedactionKind[])}
        error={form.errors.redaction_kinds}
      >
        <Stack gap={6} mt={6}>
          {REDACTION_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              value={kind}
              disabled={readOnly || !values.redaction_enabled}
              label={
                <>
                  {redactionKindLabels[kind]}{' '}
                  <Text span ff="monospace" size="xs" c="dimmed">
                    {REDACTION_MARKERS[kind]}
                  </Text>
                </>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Radio.Group label="Keep conversations" value={values.retention} onChange={(value) => form.setField('retention', value as PrivacyValues['retention'])}>
        <Stack gap={6} mt={6}>
          <Group gap="xs" align="center">
            <Radio value="days" label="For" disabled={readOnly} />
            <NumberInput
              aria-label="Retention Days"
              w={110}
              min={RETENTION_DAYS_RANGE.min}
              max={RETENTION_DAYS_RANGE.max}
              clampBehavior="none"
              allowDecimal={false}
              readOnly={readOnly}
              disabled={values.retention === 'forever'}
              value={values.retention_days}
              onChange={(value) => form.setField('retention_days', value)}
              error={values.retention === 'days' ? form.errors.retention_days : undefined}
            />
            <Text size="sm">days, then delete them with their feedback</Text>
          </Group>
          <Radio value="forever" label="Forever" disabled={readOnly} />
        </Stack>
      </Radio.Group>
    </>
  );
}

/** The latest retention run: when, and its progress while it deletes (any process runs it, hourly). */
function RetentionRun({ projectId, canCancel }: { projectId: string; canCancel: boolean }) {
  const status = useRetentionStatus(projectId);
  const run = status.data?.last_run;
  if (status.isPending) return null;
  if (!run) {
    return (
      <Text size="sm" c="dimmed">
        Conversations past the retention are deleted every hour; none has run yet.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        Conversations past the retention are deleted every hour. Latest run: {formatDateTime(run.started_at ?? run.created_at)}
        {run.status === 'succeeded' ? `, ${run.done} ${run.done === 1 ? 'conversation' : 'conversations'} deleted` : ''}.
      </Text>
      {run.status !== 'succeeded' && <JobProgress projectId={projectId} job={run} canCancel={canCancel} />}
    </Stack>
  );
}

/**
 * Project Settings, Privacy: redaction of personal data before storage and the retention of
 * conversations (project admins edit; the others read). A shorter retention deletes history, so it
 * is confirmed before it is saved.
 */
export function PrivacySettings({ project, canUpdate }: { project: Project; canUpdate: boolean }) {
  const mutation = useUpdatePrivacy(project.id);
  const [confirming, setConfirming] = useState<{ body: UpdatePrivacyBody; settle: (saved: boolean) => void } | null>(null);
  const form = useEntityForm({
    schema: updatePrivacyBody,
    initialValues: privacyValues(project),
    toInput,
    onSubmit: async (body) => {
      if (shortens(project, body.retention_days ?? null)) {
        const confirmed = await new Promise<boolean>((settle) => setConfirming({ body, settle }));
        if (!confirmed) throw new Error('Not saved: the shorter retention was not confirmed.');
      }
      return mutation.mutateAsync(body);
    },
  });
  const settle = (confirmed: boolean) => {
    confirming?.settle(confirmed);
    setConfirming(null);
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="privacy-settings-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="privacy-settings-title">
          Privacy
        </Title>
        <RetentionRun projectId={project.id} canCancel={canUpdate} />
        {canUpdate ? (
          <EntityForm form={form} submitLabel="Save Privacy">
            <PrivacyFields form={form} readOnly={false} />
          </EntityForm>
        ) : (
          <Stack gap="sm">
            <PrivacyFields form={form} readOnly />
            <Text size="sm" c="dimmed">
              Project admins change these settings.
            </Text>
          </Stack>
        )}
      </Stack>
      <ConfirmAction
        opened={confirming !== null}
        onClose={() => settle(false)}
        title="Shorten Retention"
        message={`Keep conversations for ${confirming?.body.retention_days ?? ''} days? Older conversations, their events and feedback are deleted for good by the next retention run.`}
        confirmLabel="Shorten Retention"
        onConfirm={async () => settle(true)}
      />
    </Card>
  );
}
