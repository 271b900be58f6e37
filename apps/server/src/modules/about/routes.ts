import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aboutSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';

/** Public facts the sign-in screen shows (version, Contact Us address). */
export function aboutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/about', {
      config: { access: access.public },
      schema: { tags: ['about'], summary: 'Version and support address', response: { 200: aboutSchema } },
      handler: () => ({ version: ctx.version, support_email: ctx.supportEmail }),
    });
  };
}
