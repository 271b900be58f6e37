import { NamedTextListsPage } from '@/features/named-text-list/components/named-text-lists-page';
import { slotKind } from '../slot-kind';

/** project/{id}/slot: the project's slots (Name, Terms, Modified), Create Slot, row Delete. */
export function SlotListPage() {
  return <NamedTextListsPage kind={slotKind} />;
}
