import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PageTitle } from './page-title';

const NO_PERMISSION_TEXT = 'You do not have permission to view this page.';

/** A screen the caller may not see: its title and the refusal, nothing else. */
export function NoPermission({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
        {NO_PERMISSION_TEXT}
      </Alert>
    </>
  );
}
