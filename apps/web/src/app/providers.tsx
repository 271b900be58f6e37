import type { ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  // System fonts only: no font downloads (CSP and no third-party calls).
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    // A closed select keeps no hidden option list in the page: it would share the field's label.
    // A plain object, not Combobox.extend: importing Combobox would put it in the sign-in bundle.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; network trouble and 5xx get two more tries.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** What every screen needs, sign-in included; the signed-in console adds its own (signed-in-layout.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
