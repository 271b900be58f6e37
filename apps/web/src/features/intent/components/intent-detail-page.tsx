import { useParams } from 'react-router';
import { NamedTextListDetailPage } from '@/components/named-text-list/named-text-list-detail-page';
import { intentKind } from '../intent-kind';

/** project/{id}/intent/{intentId}: details, the editor, Delete Intent (back to the list). */
export function IntentDetailPage() {
  const { intentId = '' } = useParams();
  return <NamedTextListDetailPage kind={intentKind} id={intentId} />;
}
