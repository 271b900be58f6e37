import { Anchor, Container, Stack } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '@/components/error-view';

/** Last resort for an error thrown while rendering a route. */
export function RouteError() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <ErrorView error={shown} title="Something went wrong" />
        <Anchor href="/workspace" size="sm">
          Reload the console
        </Anchor>
      </Stack>
    </Container>
  );
}
