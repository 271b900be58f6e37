import { z } from 'zod';
import { oneOf, strictObject, uuidPattern } from './fields';
import { messages } from './messages';

/**
 * Visitors' feedback on answers: thumbs up or down under an answer in the widget, a comment with a
 * thumbs down. One per answer (the answer's response event), changed in place when the visitor
 * changes their mind, sent through the public chat API behind the same gate as questions.
 */

export const feedbackRatings = ['up', 'down'] as const;
export type FeedbackRating = (typeof feedbackRatings)[number];

/** The longest comment a visitor may leave. */
export const FEEDBACK_COMMENT_MAX = 500;

const answerIdMessage = 'Answer ID must be the answer_id of an answer';
const answerId = z.string({ error: answerIdMessage }).regex(uuidPattern, { error: answerIdMessage });

/** POST /chat/{deploymentKey}/feedback: the answer (the `answer_id` of the chat answer), the rating, an optional comment. */
export const chatFeedbackBody = strictObject({
  answer_id: answerId,
  rating: oneOf('Rating', feedbackRatings),
  comment: z
    .string({ error: 'Comment must be text' })
    .trim()
    .max(FEEDBACK_COMMENT_MAX, { error: messages.atMostChars('Comment', FEEDBACK_COMMENT_MAX) })
    .optional(),
});
export type ChatFeedbackBody = z.input<typeof chatFeedbackBody>;

/** Feedback as stored and shown beside its answer (console, export, conversation store). */
export const feedbackSchema = z.object({
  answer_id: z.string(),
  rating: z.enum(feedbackRatings),
  /** Empty when none was left; always shown as text. */
  comment: z.string(),
  updated_at: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackMessages = {
  unknownAnswer: 'This answer does not exist.',
} as const;
