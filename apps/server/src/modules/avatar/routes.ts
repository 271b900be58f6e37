import { toSvg } from 'jdenticon';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const avatarParams = z.object({
  hash: z
    .string()
    .regex(/^[0-9a-f]{32,64}$/i, { error: 'Hash must be a hexadecimal e-mail hash' })
    .transform((value) => value.toLowerCase()),
});
const avatarQuery = z.object({
  s: z.coerce.number().int().min(16).max(512).default(80),
});

/** Identicons drawn locally from the e-mail hash: no third-party avatar service sees who uses the console. */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/image/i/:hash', {
    schema: {
      tags: ['avatars'],
      summary: 'Identicon for a hex SHA-256 of the lowercased e-mail',
      params: avatarParams,
      querystring: avatarQuery,
    },
    handler: async (request, reply) => {
      // The picture is a pure function of the URL, so browsers may keep it for a year.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/svg+xml')
        .send(toSvg(request.params.hash, request.query.s));
    },
  });
};
