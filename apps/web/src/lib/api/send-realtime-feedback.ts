import { chatFeedbackBody, feedbackSchema, type Feedback, type FeedbackRating } from '@console/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /project/{id}/chat/feedback: thumbs (and a comment) on one of the Real-Time Test's answers,
 * replacing what was sent on it before. The widget's transport in the Real-Time Test and the channel
 * sandbox sends it, so a team tries the thumbs visitors see.
 */
export function sendRealtimeFeedback(projectId: string, answerId: string, rating: FeedbackRating, comment?: string): Promise<Feedback> {
  const body = chatFeedbackBody.parse({ answer_id: answerId, rating, ...(comment === undefined ? {} : { comment }) });
  return api.post(`/project/${encodeURIComponent(projectId)}/chat/feedback`, body, { schema: feedbackSchema });
}
