import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  createUserBody,
  listResponse,
  updateUserBody,
  updateUserPasswordBody,
  updateUserPrivilegeBody,
  updateUserResetBody,
  userInviteAnswerSchema,
  userList,
  userResetAnswerSchema,
  userSchema,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import {
  changeOwnPassword,
  createUserWithInvitation,
  deleteResetRequests,
  deleteUser,
  findUser,
  issueResetRequest,
  listUsers,
  readInvitation,
  readResetRequest,
  setUserPassword,
  toUser,
  updateUserPrivilege,
  updateUserProfile,
} from './service';
import { actingFor } from '../../platform/caller';

/**
 * The installation's users. The right (`access.user`) is decided from the caller and the id alone,
 * before the record is looked up: a caller without the right gets 403 whether or not the user
 * exists; a caller with it gets 404 for an unknown id.
 */

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];

    app.get('/user', {
      config: { access: access.superUser },
      schema: {
        tags,
        security,
        summary: 'All users (super users)',
        querystring: listQuery(userList),
        response: { 200: listResponse(userSchema), ...refusals },
      },
      handler: (request) => listUsers(ctx, request.query),
    });

    app.post('/user', {
      config: { access: access.superUser },
      schema: {
        tags,
        security,
        summary: 'Create a user; without a password, e-mail an invitation code (super users)',
        body: createUserBody,
        response: { 201: userSchema, ...refusals, 503: apiErrorSchema },
      },
      handler: async (request, reply) => reply.status(201).send(await createUserWithInvitation(actingFor(ctx, request), request.body)),
    });

    app.get('/user/:id', {
      config: { access: access.user('canView') },
      schema: { tags, security, summary: 'One user (self or super users)', params: idParams, response: { 200: userSchema, ...refusals } },
      handler: async (request) => toUser(await findUser(ctx.db, request.params.id)),
    });

    app.put('/user/:id', {
      config: { access: access.user('canEditProfile') },
      schema: {
        tags,
        security,
        summary: 'Update the profile (self or super users)',
        params: idParams,
        body: updateUserBody,
        response: { 200: userSchema, ...refusals },
      },
      handler: (request) => updateUserProfile(ctx, request.params.id, request.body.display_name),
    });

    app.put('/user/:id/password', {
      config: { access: access.user('canChangePassword') },
      schema: {
        tags,
        security,
        summary:
          "Set a new password: one's own with the current password, ending one's other sessions; another user's (super users), ending all of theirs",
        params: idParams,
        body: updateUserPasswordBody,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        const caller = requireAuth(request);
        if (caller.user.id === request.params.id) await changeOwnPassword(actingFor(ctx, request), caller, request.body);
        else await setUserPassword(actingFor(ctx, request), request.params.id, request.body.password);
        return reply.status(204).send(null);
      },
    });

    app.put('/user/:id/privilege', {
      config: { access: access.user('canSetPrivileges') },
      schema: {
        tags,
        security,
        summary: 'Set status, e-mail, super user and MFA flags (super users, never on themselves)',
        params: idParams,
        body: updateUserPrivilegeBody,
        response: { 200: userSchema, ...refusals },
      },
      handler: (request) => updateUserPrivilege(actingFor(ctx, request), request.params.id, request.body),
    });

    app.get('/user/:id/reset', {
      config: { access: access.user('canSeeCodes') },
      schema: {
        tags,
        security,
        summary: 'The live password reset request with its code (super users, not on themselves)',
        params: idParams,
        response: { 200: userResetAnswerSchema, ...refusals },
      },
      handler: async (request) => ({ reset_request: await readResetRequest(ctx, request.params.id) }),
    });

    app.put('/user/:id/reset', {
      config: { access: access.user('canReset') },
      schema: {
        tags,
        security,
        summary: 'Issue a new password reset code, replacing live ones (super users, not on themselves)',
        params: idParams,
        body: updateUserResetBody,
        response: { 200: userResetAnswerSchema, ...refusals, 503: apiErrorSchema },
      },
      handler: async (request) => {
        const { send_email: sendEmail, confirmed } = request.body;
        return { reset_request: await issueResetRequest(actingFor(ctx, request), request.params.id, { sendEmail, confirmed }) };
      },
    });

    app.delete('/user/:id/reset', {
      config: { access: access.user('canReset') },
      schema: {
        tags,
        security,
        summary: 'Withdraw every live reset code (super users, not on themselves)',
        params: idParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await deleteResetRequests(ctx, request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.get('/user/:id/invite', {
      config: { access: access.user('canSeeCodes') },
      schema: {
        tags,
        security,
        summary: 'The live invitation with its code (super users, not on themselves)',
        params: idParams,
        response: { 200: userInviteAnswerSchema, ...refusals },
      },
      handler: async (request) => ({ invitation: await readInvitation(ctx, request.params.id) }),
    });

    app.delete('/user/:id', {
      config: { access: access.user('canDelete') },
      schema: {
        tags,
        security,
        summary: 'Delete a user with their memberships and sessions (super users, never themselves)',
        params: idParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await deleteUser(actingFor(ctx, request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
