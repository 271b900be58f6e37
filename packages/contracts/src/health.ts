import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
});

/**
 * GET /api/v1/about (public): what the console shows before sign-in (version, where to ask for
 * help, the terms of use an invited user agrees to: null when the operator published none).
 */
export const aboutSchema = z.object({
  version: z.string(),
  support_email: z.string().nullable(),
  terms_url: z.string().nullable(),
});
export type About = z.infer<typeof aboutSchema>;
