import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text, type ButtonProps, type TextProps } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { errorDetail } from '@/lib/api-client';

/** The slice of useEntityForm the building blocks read. */
interface FormLike {
  submit: (event?: FormEvent) => Promise<void> | void;
  canSubmit: boolean;
  disabledReason: string | null;
  submitting: boolean;
  saved: string | null;
  error: unknown;
  errors: Record<string, string>;
}

/** The failure of the last submit: the server's detail in a red status inside the form. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="xs" data-testid="form-error">
      <Text size="sm" c="red.8">
        {errorDetail(error)}
      </Text>
    </Alert>
  );
}

/** 'Saved!' (or the form's own text) for SAVED_MESSAGE_MS after success. */
export function SavedMark({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Group gap={4} c="green.8" role="status" data-testid="form-saved">
      <IconCheck size={16} />
      <Text size="sm" c="green.8">
        {text}
      </Text>
    </Group>
  );
}

/** Why the submit button is disabled, under `id` (the button's description). */
function SubmitReason({ form, id, ...props }: { form: FormLike; id: string } & TextProps) {
  if (!form.disabledReason) return null;
  return (
    <Text id={id} size="sm" c="dimmed" data-testid="submit-reason" {...props}>
      {form.disabledReason}
    </Text>
  );
}

/**
 * Submit button: enabled only when the form is valid and changed, and otherwise described by why
 * (after it, or where the form puts the SubmitReason of `reasonId`).
 */
export function SubmitButton({ form, children, reasonId, ...props }: { form: FormLike; children: ReactNode; reasonId?: string } & ButtonProps) {
  const ownId = useId();
  const id = reasonId ?? ownId;
  const button = (
    <Button type="submit" disabled={!form.canSubmit} loading={form.submitting} aria-describedby={form.disabledReason ? id : undefined} {...props}>
      {children}
    </Button>
  );
  if (reasonId) return button;
  return (
    <>
      {button}
      <SubmitReason form={form} id={id} />
    </>
  );
}

interface EntityFormProps {
  form: FormLike;
  /** The submit button's text. */
  submitLabel: string;
  children: ReactNode;
  /** Extra buttons beside submit (e.g. Cancel in a modal). */
  actions?: ReactNode;
}

/** A write form's frame: fields, a form-level message, submit with the saved mark or why it is disabled, and the failure. */
export function EntityForm({ form, submitLabel, children, actions }: EntityFormProps) {
  const reasonId = useId();
  return (
    // No aria-label: the dialog or section names the form, and a name here would shadow field labels.
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack gap="sm">
        {children}
        {form.errors._form && (
          <Text size="sm" c="red.7">
            {form.errors._form}
          </Text>
        )}
        <Group gap="sm" justify={actions ? 'flex-end' : 'flex-start'}>
          {!actions && (
            <SubmitButton form={form} reasonId={reasonId}>
              {submitLabel}
            </SubmitButton>
          )}
          <SavedMark text={form.saved} />
          {/* Beside the button: after it in a page, before Cancel in a dialog (right-aligned there). */}
          <SubmitReason form={form} id={reasonId} ta={actions ? 'right' : undefined} style={actions ? { flex: 1 } : undefined} />
          {actions}
          {actions && (
            <SubmitButton form={form} reasonId={reasonId}>
              {submitLabel}
            </SubmitButton>
          )}
        </Group>
        <FormError error={form.error} />
      </Stack>
    </form>
  );
}
