import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { errorDetail } from '@/lib/api-client';
import { FormStatus } from './form-status';

/** What a step form needs from useLoginForm and from its mutation. */
interface StepFormProps {
  form: { valid: boolean; hint: string | null; edits: number };
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  /** Runs only when the form is valid and no call is in flight. */
  onSubmit: () => void;
  submitLabel: string;
  /** A note above the fields (handed over by the previous step). */
  notice?: string | null;
  /** A success line under the button. */
  success?: string | null;
  children: ReactNode;
}

/**
 * The block every sign-in step shares: an optional note, the step's fields, a full-width submit
 * (disabled while invalid, loading while the call runs), and under it the hint or the server's
 * refusal in red, or the success line. The server's answer speaks of the values it
 * was sent: once the user edits a field it is gone, so a stale refusal never stands beside a new hint.
 */
export function StepForm({ form, mutation, onSubmit, submitLabel, notice, success, children }: StepFormProps) {
  const [submittedEdits, setSubmittedEdits] = useState<number | null>(null);
  const answerIsCurrent = submittedEdits === form.edits;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.valid || mutation.isPending) return;
    setSubmittedEdits(form.edits);
    onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {notice !== undefined && <FormStatus notice={notice} />}
        {children}
        <Button type="submit" disabled={!form.valid} loading={mutation.isPending} fullWidth>
          {submitLabel}
        </Button>
        <FormStatus
          hint={form.hint}
          error={answerIsCurrent && mutation.isError ? errorDetail(mutation.error) : null}
          success={answerIsCurrent ? success : null}
        />
      </Stack>
    </form>
  );
}

/** The e-mail field of every step. */
export function EmailField({
  value,
  onChange,
  autoFocus,
  description,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  description?: string;
}) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="username"
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoFocus={autoFocus}
    />
  );
}
