import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aboutSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';

/** Public facts the sign-in screens show (version, Contact Us address, the terms of use to agree to). */
export function aboutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/about', {
      config: { access: access.public },
      schema: { tags: ['about'], summary: 'Version, support address and terms of use', response: { 200: aboutSchema } },
      handler: () => ({ version: ctx.version, support_email: ctx.supportEmail, terms_url: ctx.termsUrl }),
    });
  };
}
