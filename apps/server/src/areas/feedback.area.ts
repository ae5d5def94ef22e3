import { attributedUserId, feedbackCreateCall, pickLocale } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import type { Area } from './area.ts';

/**
 * The workbench's feedback dialog: stores the message, the page and an optional contact, from the
 * signed-in user of a verified token, else from the caller's guest id, else anonymously.
 */
export const feedbackArea: Area = {
  name: 'feedback',
  calls: ({ services }) => [
    bindCall(feedbackCreateCall, async (body, { request, identity }) => {
      const user = identity.token ? await services.authenticate(identity.token) : undefined;
      const row = await services.feedback.insert({
        message: body.message,
        page: body.page,
        contact: body.contact || null,
        userId: attributedUserId(user && !user.disabled ? user.id : undefined, identity.userId),
        locale: pickLocale(request.headers['accept-language']),
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      });
      return { id: row.id };
    }),
  ],
};
