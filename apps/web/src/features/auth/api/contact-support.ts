import { useMutation } from '@tanstack/react-query';
import { contactSupportBody, supportMessageSchema, type ContactSupportBody, type SupportMessage } from '@console/contracts';
import { api } from '@/lib/api-client';

/** POST /support/contact (public): a message from someone not signed in, with the address to answer. */
export function contactSupport(body: ContactSupportBody): Promise<SupportMessage> {
  return api.post('/support/contact', contactSupportBody.parse(body), { auth: 'none', schema: supportMessageSchema });
}

export function useContactSupport() {
  return useMutation({ mutationFn: contactSupport });
}
