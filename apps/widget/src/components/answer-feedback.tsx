import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { FeedbackRating } from '@console/contracts';
import { FEEDBACK_COMMENT_MAX } from '../contract-values';
import { IconButton } from './icons';

interface AnswerFeedbackProps {
  answerId: string;
  send: (answerId: string, rating: FeedbackRating, comment?: string) => Promise<unknown>;
}

type Note = 'thanks' | 'failed' | null;

/**
 * Thumbs up and down under an answer. A thumb is sent at once; a thumbs down then offers an optional
 * comment (sent with it again: the server keeps one feedback per answer). The visitor may change
 * their mind, which sends again. A failure says so here and leaves the conversation as it was.
 */
export function AnswerFeedback({ answerId, send }: AnswerFeedbackProps) {
  const [rating, setRating] = useState<FeedbackRating | null>(null);
  const [sending, setSending] = useState(false);
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const [note, setNote] = useState<Note>(null);
  const commentId = useId();
  const thumbs = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  // Focus goes into the comment when it opens, and back to the thumb the visitor pressed (not to the
  // page) when they send or cancel it.
  const focusBack = useRef(false);
  useEffect(() => {
    if (commenting) textarea.current?.focus();
    else if (focusBack.current) thumbs.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus();
    focusBack.current = false;
  }, [commenting]);

  /** Sends a rating (with the comment, when given); answers whether it was stored. */
  const submit = async (next: FeedbackRating, text?: string): Promise<boolean> => {
    setSending(true);
    try {
      await send(answerId, next, text);
      setRating(next);
      setNote('thanks');
      return true;
    } catch {
      setNote('failed');
      return false;
    } finally {
      setSending(false);
    }
  };

  const closeComment = (returnFocus: boolean) => {
    focusBack.current = returnFocus;
    setCommenting(false);
    setComment('');
  };

  const rate = async (next: FeedbackRating) => {
    closeComment(false);
    if ((await submit(next)) && next === 'down') setCommenting(true);
  };

  const sendComment = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = comment.trim();
    if (!text) return closeComment(true);
    if (await submit('down', text)) closeComment(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // The comment closes, not the chat window.
      event.stopPropagation();
      closeComment(true);
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void sendComment();
    }
  };

  return (
    <div className="feedback">
      <div className="thumbs" role="group" aria-label="Was this helpful?" ref={thumbs}>
        <IconButton label="Helpful" icon="up" pressed={rating === 'up'} disabled={sending} onClick={() => void rate('up')} />
        <IconButton label="Not helpful" icon="down" pressed={rating === 'down'} disabled={sending} onClick={() => void rate('down')} />
        {note ? (
          <span className={`feedback-note${note === 'failed' ? ' failed' : ''}`} role="status">
            {note === 'thanks' ? 'Thanks for your feedback' : 'Could not send your feedback.'}
          </span>
        ) : null}
      </div>
      {commenting ? (
        <form className="feedback-comment" aria-label="Comment on this answer" onSubmit={(event) => void sendComment(event)}>
          <label htmlFor={commentId}>What was wrong? (optional)</label>
          <textarea
            ref={textarea}
            id={commentId}
            rows={3}
            maxLength={FEEDBACK_COMMENT_MAX}
            aria-describedby={`${commentId}-count`}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <div className="feedback-actions">
            <span id={`${commentId}-count`} className="counter">
              {comment.length}/{FEEDBACK_COMMENT_MAX}
            </span>
            <button type="button" className="link-button" onClick={() => closeComment(true)}>
              Cancel
            </button>
            <button type="submit" className="reply" disabled={sending}>
              Send
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
