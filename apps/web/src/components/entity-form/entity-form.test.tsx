import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_MESSAGE_MS, updateProjectBody, type UpdateProjectBody } from '@console/contracts';
import { ApiError } from '@/lib/api-client';
import { advanceTimers, renderWithProviders } from '@/test/render';
import { EntityForm } from './entity-form';
import { submitReasons } from './form-state';
import { NameDescriptionFields } from './name-description-form';
import { DEFAULT_SAVED_TEXT, useEntityForm } from './use-entity-form';

/** The project's Name and Description as a page shows them (EntityForm without actions: the reason beside Save). */
const project = { display_name: 'Help Desk', description: 'Answers for customers' };

interface ProjectFormProps {
  save: (body: UpdateProjectBody) => Promise<unknown>;
  afterSave?: (values: typeof project) => typeof project;
}

function ProjectForm({ save, afterSave }: ProjectFormProps) {
  const form = useEntityForm({
    schema: updateProjectBody,
    initialValues: project,
    onSubmit: (body) => save(body),
    ...(afterSave && { afterSave }),
  });
  return (
    <EntityForm form={form} submitLabel="Save">
      <NameDescriptionFields form={form} />
    </EntityForm>
  );
}

/** The contracts' own message for a name, so the test follows the rule rather than a copy of it. */
function nameMessage(name: string): string {
  const message = updateProjectBody.safeParse({ display_name: name }).error?.issues[0]?.message;
  if (!message) throw new Error(`'${name}' is a valid name`);
  return message;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** A save the test settles (Promise.withResolvers is not in Node 20). */
function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const nameInput = () => screen.getByRole('textbox', { name: 'Name' });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('EntityForm with useEntityForm', () => {
  it('validates on every change with the contracts message, and enables Save only when valid and changed', async () => {
    const { user } = renderWithProviders(<ProjectForm save={() => Promise.resolve()} />);

    // Unchanged: Save is disabled and says why, beside it and as its description.
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription(submitReasons.unchanged);
    expect(screen.getByText(submitReasons.unchanged)).toBeVisible();

    await user.clear(nameInput());
    await user.type(nameInput(), 'He');
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(nameMessage('He'))).toBeVisible();
    // The message already stands beside the field: the reason points there instead of repeating it.
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription(submitReasons.correctMarked);

    await user.type(nameInput(), 'lp Centre');
    expect(screen.queryByText(nameMessage('He'))).not.toBeInTheDocument();
    expect(nameInput()).not.toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeEnabled();
    expect(screen.queryByTestId('submit-reason')).not.toBeInTheDocument();

    // Typed back to the saved name: nothing to save again.
    await user.clear(nameInput());
    await user.type(nameInput(), project.display_name);
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription(submitReasons.unchanged);
  });

  it("shows 'Saved!' for SAVED_MESSAGE_MS after a save, with the saved values as the new baseline", async () => {
    vi.useFakeTimers();
    const save = vi.fn<ProjectFormProps['save']>(() => Promise.resolve());
    const { user } = renderWithProviders(<ProjectForm save={save} />, { fakeTimers: true });

    await user.type(nameInput(), ' Desk');
    await user.click(saveButton());
    await advanceTimers(0); // the save's answer, without moving the clock

    expect(save).toHaveBeenCalledExactlyOnceWith({ display_name: 'Help Desk Desk', description: project.description });
    expect(screen.getByRole('status')).toHaveTextContent(DEFAULT_SAVED_TEXT);
    expect(nameInput()).toHaveValue('Help Desk Desk');
    // The saved values are the baseline at once: nothing to send twice.
    expect(saveButton()).toBeDisabled();

    await advanceTimers(SAVED_MESSAGE_MS - 1);
    expect(screen.getByText(DEFAULT_SAVED_TEXT)).toBeVisible();
    await advanceTimers(1);
    expect(screen.queryByText(DEFAULT_SAVED_TEXT)).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription(submitReasons.unchanged);

    // Changed from the new baseline (not from the first one) enables Save again.
    await user.type(nameInput(), '!');
    expect(saveButton()).toBeEnabled();
  });

  it("hides 'Saved!' at the next edit, so a disabled Save says why at once", async () => {
    vi.useFakeTimers();
    const { user } = renderWithProviders(<ProjectForm save={() => Promise.resolve()} />, { fakeTimers: true });

    await user.type(nameInput(), ' 2');
    await user.click(saveButton());
    await advanceTimers(0);
    expect(screen.getByRole('status')).toHaveTextContent(DEFAULT_SAVED_TEXT);

    // Well within SAVED_MESSAGE_MS: the edit is news, 'Saved!' is not any more.
    await user.type(nameInput(), '{Backspace}');
    expect(screen.queryByText(DEFAULT_SAVED_TEXT)).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();

    // Typed back to what was just saved: disabled, and saying why (not hidden behind 'Saved!').
    await user.type(nameInput(), '2');
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription(submitReasons.unchanged);
    expect(screen.getByText(submitReasons.unchanged)).toBeVisible();
  });

  it("shows the server's error detail in the form and keeps the values for another try", async () => {
    const refusal = new ApiError({
      status: 409,
      title: 'Conflict',
      detail: 'A project named Help Desk 2 already exists in this workspace',
      traceback: [],
    });
    const save = vi.fn<ProjectFormProps['save']>(() => Promise.reject(refusal));
    const { user } = renderWithProviders(<ProjectForm save={save} />);

    await user.type(nameInput(), ' 2');
    await user.click(saveButton());

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(refusal.detail);
    expect(alert).not.toHaveTextContent(refusal.title);
    expect(screen.queryByText(DEFAULT_SAVED_TEXT)).not.toBeInTheDocument();
    expect(nameInput()).toHaveValue('Help Desk 2');
    expect(saveButton()).toBeEnabled();

    // Editing again clears the failure.
    await user.type(nameInput(), '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['succeeds', (pending: Deferred) => pending.resolve()],
    ['fails', (pending: Deferred) => pending.reject(new Error('Network error'))],
  ])('unmounted while a save is in flight, it neither throws nor warns when the save %s', async (_, settle) => {
    const consoleError = vi.spyOn(console, 'error');
    const consoleWarn = vi.spyOn(console, 'warn');
    const pending = deferred();
    const afterSave = vi.fn((values: typeof project) => values);
    const { user, unmount } = renderWithProviders(<ProjectForm save={() => pending.promise} afterSave={afterSave} />);

    await user.type(nameInput(), ' 2');
    await user.click(saveButton());
    expect(saveButton()).toHaveAttribute('data-loading', 'true');

    unmount();
    await act(async () => {
      settle(pending);
      await pending.promise.catch(() => undefined);
    });

    // The form is gone: the answer changes nothing (no new baseline computed for it).
    expect(afterSave).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
  });
});
