import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  loginForgotBody,
  loginInviteBody,
  loginMfaBody,
  loginPasswordBody,
  loginRefreshBody,
  loginResetBody,
  loginResult,
  refreshResult,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { readBearer } from '../../platform/authenticate';
import { noContent } from '../../platform/params';
import { signInRateLimit } from '../../platform/rate-limit';
import {
  acceptInvitation,
  refreshSession,
  requestPasswordReset,
  resetPassword,
  signInWithMfa,
  signInWithPassword,
  signOut,
} from './service';
import { actingFor } from '../../platform/caller';

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/**
 * Sign-in calls: public, and every one of them limited per client address. Signing out is one of
 * them: it takes the refresh token, which outlives the access token an idle console no longer has.
 */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: access.public, rateLimit: signInRateLimit(ctx.limits) };
    const tags = ['login'];

    app.post('/login/password', {
      config,
      schema: { tags, summary: 'Sign in with e-mail and password', body: loginPasswordBody, response: { 200: loginResult, ...refusals } },
      handler: (request) => signInWithPassword(actingFor(ctx, request), request.body),
    });

    app.post('/login/mfa', {
      config,
      schema: {
        tags,
        summary: 'Complete sign-in with the e-mailed code (bearer: the pending-MFA token, optional)',
        body: loginMfaBody,
        response: { 200: loginResult, ...refusals },
      },
      handler: (request) => signInWithMfa(actingFor(ctx, request), request.body, readBearer(request), request.ip),
    });

    app.post('/login/forgot', {
      config,
      schema: { tags, summary: 'Send a password reset code', body: loginForgotBody, response: { 200: loginResult, ...refusals } },
      handler: (request) => requestPasswordReset(actingFor(ctx, request), request.body),
    });

    app.post('/login/reset', {
      config,
      schema: { tags, summary: 'Set a new password with a reset code', body: loginResetBody, response: { 200: loginResult, ...refusals } },
      handler: (request) => resetPassword(actingFor(ctx, request), request.body, request.ip),
    });

    app.post('/login/invite', {
      config,
      schema: { tags, summary: 'Accept an invitation and set a password', body: loginInviteBody, response: { 200: loginResult, ...refusals } },
      handler: (request) => acceptInvitation(actingFor(ctx, request), request.body, request.ip),
    });

    app.post('/login/sign-out', {
      config,
      schema: {
        tags,
        summary: "Sign out: end the refresh token's session (its refresh and access tokens stop working)",
        body: loginRefreshBody,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await signOut(ctx, request.body);
        return reply.status(204).send(null);
      },
    });

    app.post('/login/refresh', {
      config,
      schema: { tags, summary: 'Exchange a refresh token for a new pair', body: loginRefreshBody, response: { 200: refreshResult, ...refusals } },
      handler: (request) => refreshSession(ctx, request.body),
    });
  };
}
