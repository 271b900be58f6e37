import type { ChannelType } from '@console/contracts';
import type { DeletedRecord } from '@/components/confirm-delete';

/** How each channel type reads on screen (the contracts keep the API's names). */
export const channelTypeLabels: Record<ChannelType, string> = {
  web: 'Web Chat',
  search: 'Search',
  hubspot: 'HubSpot',
  'hubspot-webhook': 'HubSpot Webhook',
  'twilio-sms-webhook': 'Twilio SMS Webhook',
  'twilio-voice-webhook': 'Twilio Voice Webhook',
};

/** Deleting a channel, from its list or its page: a page embedding its snippet stops showing the widget. */
export const channelDeletion: DeletedRecord = {
  noun: 'Channel',
  consequence: 'Pages embedding its snippet no longer show the widget.',
};
