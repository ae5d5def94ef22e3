import { z } from 'zod';
import { defineCall } from '../call.ts';
import { multiLineText, singleLineText } from '../input-schemas.ts';

export const FEEDBACK_MESSAGE_MAX = 2000;
export const FEEDBACK_PAGE_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 200;

export const feedbackCreateCall = defineCall({
  path: '/api/feedback/create',
  summary:
    "Save a visitor's feedback from the workbench's feedback dialog: the message, the page it was sent from and an optional contact. " +
    'The caller’s user id header, when sent, is stored with it.',
  tag: 'feedback',
  access: 'public',
  body: z
    .object({
      message: multiLineText({ min: 1, max: FEEDBACK_MESSAGE_MAX, trim: true }),
      page: singleLineText({ min: 1, max: FEEDBACK_PAGE_MAX, trim: true }),
      contact: singleLineText({ max: FEEDBACK_CONTACT_MAX, trim: true }).optional(),
    })
    .strict(),
  data: z.object({ id: z.string() }),
});
