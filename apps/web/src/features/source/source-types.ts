import type { SourceType } from '@console/contracts';
import type { DeletedRecord } from '@/components/confirm-delete';

/** How each source type reads on screen (the contracts keep the API's names). */
export const sourceTypeLabels: Record<SourceType, string> = {
  rich_editor: 'Rich Editor',
  pipeline: 'Pipeline',
  editor: 'Editor',
  web: 'Web',
  kb: 'KB',
  csv: 'CSV',
  custom: 'Custom',
  'squarespace-page': 'Squarespace Page',
  hubspot: 'HubSpot',
  'google-doc': 'Google Doc',
};

/** A source card's height limit; longer content scrolls inside the card. */
export const SOURCE_CARD_MAX_HEIGHT = '44rem';

/** Deleting a source, from its list or its page: the content items it made are kept (without their source). */
export const sourceDeletion: DeletedRecord = { noun: 'Source', consequence: 'The content items it made are kept.' };
