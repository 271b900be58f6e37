import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

// Scaffold: the routes of this module are being written.
export function snapshotRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
