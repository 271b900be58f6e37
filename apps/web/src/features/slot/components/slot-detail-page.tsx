import { useParams } from 'react-router';
import { NamedTextListDetailPage } from '@/features/named-text-list/components/named-text-list-detail-page';
import { slotKind } from '../slot-kind';

/** project/{id}/slot/{slotId}: details, the editor, Delete Slot (back to the list). */
export function SlotDetailPage() {
  const { slotId = '' } = useParams();
  return <NamedTextListDetailPage kind={slotKind} id={slotId} />;
}
