import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { errorDetails } from '@console/contracts';
import { PageTitle } from './page-title';

/** Any path the console does not know. */
export function NotFound() {
  return (
    <Stack gap="xs">
      <PageTitle title="Not Found" />
      <Text>{errorDetails.routeNotFound}</Text>
      <Anchor component={Link} to="/workspace" size="sm">
        Go to the workspace list
      </Anchor>
    </Stack>
  );
}
