import { PlaceholderPage } from '@/components/placeholder-page';

/** API keys of a workspace (console.md §2). Built later. */
export function WorkspaceApiKeyPage() {
  return <PlaceholderPage title="API Keys" />;
}
