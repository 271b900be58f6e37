import { useId, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DEPLOY_REASON_MAX, deploymentMessages, type DeployPreview } from '@console/contracts';
import { FormError } from '@/components/entity-form';
import { ReasonInput } from './reason-input';

export interface DeployReasons {
  reason: string;
  /** Only when the gate refuses and a project admin deploys past it. */
  override_reason?: string;
}

interface DeployConfirmFormProps {
  /** The gate of the version about to go live (null while the preview loads or failed). */
  gate: DeployPreview['gate'] | null;
  /** A project admin may deploy past a refusing gate with a reason. */
  canOverride: boolean;
  /** Names the deployment and the version: 'Deploy version 9 to Production'. */
  confirmLabel: string;
  /** Runs the deploy; a refusal (the gate's 409) stays shown in the form. */
  onConfirm: (reasons: DeployReasons) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The end of Deploy and Promote: a Reason for the deploy history, an Override reason when the gate
 * refuses and the caller may override it, the server's refusal, Cancel and the confirm button naming
 * what goes live. Enter in a field confirms.
 */
export function DeployConfirmForm({ gate, canOverride, confirmLabel, onConfirm, onCancel }: DeployConfirmFormProps) {
  const blockedId = useId();
  const [reason, setReason] = useState('');
  const [overrideReason, setOverrideReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refused = gate !== null && gate.required && !gate.passes;
  const blocked =
    gate === null
      ? 'The preview has to load first.'
      : refused && !canOverride
        ? deploymentMessages.overrideNeedsAdmin
        : refused && !overrideReason.trim()
          ? 'Give an override reason to deploy past "Require passing tests".'
          : null;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (blocked || pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm({ reason: reason.trim(), ...(refused && { override_reason: overrideReason.trim() }) });
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
      <Stack gap="sm">
        <ReasonInput value={reason} onChange={setReason} />
        {refused && canOverride && (
          <TextInput
            label="Override reason"
            description='Deploys past "Require passing tests"; the deploy history keeps why.'
            value={overrideReason}
            onChange={(event) => setOverrideReason(event.currentTarget.value)}
            maxLength={DEPLOY_REASON_MAX}
            autoComplete="off"
            required
          />
        )}
        <FormError error={error} />
        <Group justify="flex-end" gap="sm">
          {blocked && gate !== null && (
            <Text id={blockedId} size="sm" c="dimmed" style={{ flex: 1 }} ta="right">
              {blocked}
            </Text>
          )}
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={Boolean(blocked)} loading={pending} aria-describedby={blocked && gate !== null ? blockedId : undefined}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
