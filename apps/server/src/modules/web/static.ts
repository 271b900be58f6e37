import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the console's client-side routing never owns: a miss there is a real 404. */
const serverPrefixes = ['/api', '/image', '/healthz', '/widget'];

export const defaultWebRoot = path.resolve(import.meta.dirname, '../../../../web/dist');

function isServerPath(url: string): boolean {
  const [pathname = ''] = url.split('?');
  return serverPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Serves the built console when its folder exists. Returns the fallback for the not-found handler:
 * any other GET without a file answers index.html, and the console's router takes it from there.
 */
export async function registerWebConsole(
  app: FastifyInstance,
  webRoot: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply | null) | null> {
  if (!existsSync(path.join(webRoot, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: ['index.html'],
    // Hashed asset names change with every build; index.html must always be fetched fresh.
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isServerPath(request.url)) return null;
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
}
