import type { ChannelType } from '@console/contracts';

/** How each channel type reads on screen (the contracts keep the API's names). */
export const channelTypeLabels: Record<ChannelType, string> = {
  web: 'Web Chat',
  search: 'Search',
  hubspot: 'HubSpot',
  'hubspot-webhook': 'HubSpot Webhook',
  'twilio-sms-webhook': 'Twilio SMS Webhook',
  'twilio-voice-webhook': 'Twilio Voice Webhook',
};
