import { useMutation } from '@tanstack/react-query';
import { supportMessageBody, supportMessageSchema, type SupportMessage, type SupportMessageBody } from '@console/contracts';
import { api } from '@/lib/api-client';

function sendSupportMessage(body: SupportMessageBody): Promise<SupportMessage> {
  return api.post('/support', supportMessageBody.parse(body), { schema: supportMessageSchema });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
