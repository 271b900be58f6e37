import { NamedTextListsPage } from '@/components/named-text-list/named-text-lists-page';
import { intentKind } from '../intent-kind';

/** project/{id}/intent: the project's intents (Name, Utterances, Modified), Create Intent, row Delete. */
export function IntentListPage() {
  return <NamedTextListsPage kind={intentKind} />;
}
