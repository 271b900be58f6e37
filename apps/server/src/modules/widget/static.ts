import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { WIDGET_LOADER_PATH } from '@console/contracts';

const defaultWidgetRoot = path.resolve(import.meta.dirname, '../../../../widget/dist');
const WIDGET_PREFIX = path.posix.dirname(WIDGET_LOADER_PATH) + '/';

/** The loader's name never changes, so browsers ask again soon; the chat bundle's name changes with its content. */
const LOADER_CACHE_CONTROL = 'public, max-age=300';
const BUNDLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves the built widget (apps/widget/dist) at /widget/ to any site: other origins load these
 * public scripts, so helmet's same-origin resource policy is lifted for them alone. Nothing is served
 * when the widget has not been built (`npm start` and `npm test` build it).
 */
export async function registerWidget(app: FastifyInstance, widgetRoot: string = defaultWidgetRoot): Promise<void> {
  if (!existsSync(path.join(widgetRoot, path.basename(WIDGET_LOADER_PATH)))) return;
  await app.register(fastifyStatic, {
    root: widgetRoot,
    prefix: WIDGET_PREFIX,
    // The console's static files decorate the reply already.
    decorateReply: false,
    index: false,
    // The folder itself is no file: a 404 like any other miss.
    allowedPath: (pathName) => !pathName.endsWith('/'),
    setHeaders: (reply, filePath) => {
      const loader = path.basename(filePath) === path.basename(WIDGET_LOADER_PATH);
      reply.header('cache-control', loader ? LOADER_CACHE_CONTROL : BUNDLE_CACHE_CONTROL);
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('access-control-allow-origin', '*');
    },
  });
}
