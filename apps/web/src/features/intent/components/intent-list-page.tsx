import { NamedTextListsPage } from '@/features/named-text-list/components/named-text-lists-page';
import { intentKind } from '../intent-kind';

/** project/{id}/intent: the project's intents (Name, Utterances, Modified), Create Intent, row Delete. */
export function IntentListPage() {
  return <NamedTextListsPage kind={intentKind} />;
}
