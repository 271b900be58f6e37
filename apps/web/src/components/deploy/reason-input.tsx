import { TextInput } from '@mantine/core';
import { DEPLOY_REASON_MAX } from '@console/contracts';

/** The optional reason of a deploy, a promote or a rollback, which the deploy history keeps. */
export function ReasonInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Reason"
      description="Optional; the deploy history keeps it."
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={DEPLOY_REASON_MAX}
      autoComplete="off"
      data-autofocus
    />
  );
}
