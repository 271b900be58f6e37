import { Button, Card, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { updateUserResetBody, type Invitation, type PasswordResetRequest } from '@console/contracts';
import { FormError, SavedMark, useEntityForm } from '@/components/entity-form';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { formatDateTime } from '@/lib/format';
import { useDeleteUserReset } from '../api/delete-user-reset';
import { useUserInvite } from '../api/get-user-invite';
import { useUserReset } from '../api/get-user-reset';
import { useUpdateUserReset } from '../api/update-user-reset';

const NONE_FOUND = 'None Found';

/** Code, Created, Expires of a reset request or invitation; 'None Found' without one. */
function CodeDetails({ code }: { code: PasswordResetRequest | Invitation | null }) {
  if (!code) return <Text size="sm" c="dimmed">{NONE_FOUND}</Text>;
  return (
    <DetailList
      items={[
        { label: 'Code', value: <Text ff="monospace" size="sm">{code.code}</Text> },
        { label: 'Created', value: formatDateTime(code.created_at) },
        { label: 'Expires', value: formatDateTime(code.expires_at) },
      ]}
    />
  );
}

function ResetForm({ userId, exists }: { userId: string; exists: boolean }) {
  const update = useUpdateUserReset(userId);
  const remove = useDeleteUserReset(userId);
  const form = useEntityForm({
    schema: updateUserResetBody,
    initialValues: { confirmed: false, send_email: true },
    onSubmit: (body) => update.mutateAsync(body),
    // The tick is for one reset only.
    afterSave: (values) => ({ ...values, confirmed: false }),
  });
  const blocked = !form.canSubmit;

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack gap="xs">
        <Checkbox label="Confirm that you want to reset this code" {...form.checkProps('confirmed')} />
        <Checkbox label="Send Email" {...form.checkProps('send_email')} />
        <Group gap="sm">
          {/* Looks and reads disabled until the tick, yet a click still says why (the contracts message). */}
          <Button
            type="submit"
            size="sm"
            loading={form.submitting}
            data-disabled={blocked || undefined}
            aria-disabled={blocked || undefined}
          >
            Reset Code
          </Button>
          {exists && (
            <Button
              variant="default"
              color="red"
              size="sm"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Delete Reset Request
            </Button>
          )}
          <SavedMark text={form.saved} />
        </Group>
        <FormError error={form.error ?? remove.error} />
      </Stack>
    </form>
  );
}

/** 'Password Reset Request' panel (super users on someone else). */
export function ResetPanel({ userId, canReset }: { userId: string; canReset: boolean }) {
  const query = useUserReset(userId, true);
  const request = query.data?.reset_request ?? null;
  return (
    <Card withBorder padding="md" component="section">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Password Reset Request
        </Title>
        {query.isPending ? <Loader size="sm" /> : query.isError ? <ErrorView error={query.error} /> : <CodeDetails code={request} />}
        {canReset && <ResetForm userId={userId} exists={Boolean(request)} />}
      </Stack>
    </Card>
  );
}

/** 'Invitation' panel (super users on someone else). */
export function InvitationPanel({ userId }: { userId: string }) {
  const query = useUserInvite(userId, true);
  return (
    <Card withBorder padding="md" component="section">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Invitation
        </Title>
        {query.isPending ? (
          <Loader size="sm" />
        ) : query.isError ? (
          <ErrorView error={query.error} />
        ) : (
          <CodeDetails code={query.data.invitation} />
        )}
      </Stack>
    </Card>
  );
}
