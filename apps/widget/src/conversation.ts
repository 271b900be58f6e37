import { useCallback, useEffect, useRef, useState } from 'react';
import type { InputMethod } from '@console/contracts';
import { QueryFailed, type ChatTransport, type WidgetAnswer } from './types';

export type Message =
  | { id: number; at: Date; from: 'visitor'; text: string }
  | { id: number; at: Date; from: 'concierge'; answer: WidgetAnswer }
  /** The channel's error message: a failed or timed-out query, or the sandbox's Send Error. */
  | { id: number; at: Date; from: 'error' };

type NewMessage = Message extends infer Each ? (Each extends Message ? Omit<Each, 'id' | 'at'> : never) : never;

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`No answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface ConversationOptions {
  transport: ChatTransport;
  responseTimeout: number;
  onAnswer: (answer: WidgetAnswer) => void;
}

/**
 * One conversation: the messages shown, the conv_id the server issued (sent with every later
 * question), one question at a time. A question not answered within the response timeout, or
 * answered with an error, shows the error message and the conversation goes on; clearing forgets
 * the conv_id so the next question starts a new conversation.
 */
export function useConversation({ transport, responseTimeout, onAnswer }: ConversationOptions) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [convId, setConvId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [startedAt, setStartedAt] = useState(() => new Date());
  const nextId = useRef(0);
  // A reply to a question asked before a Clear (or after unmounting) belongs to no conversation shown.
  const turn = useRef(0);
  useEffect(() => () => void (turn.current += 1), []);

  const append = useCallback((message: NewMessage) => {
    nextId.current += 1;
    const stamped = { ...message, id: nextId.current, at: new Date() } as Message;
    setMessages((current) => [...current, stamped]);
  }, []);

  const ask = async (utterance: string, inputMethod: InputMethod = 'text') => {
    const text = utterance.trim();
    if (!text || pending) return;
    const thisTurn = ++turn.current;
    append({ from: 'visitor', text });
    setPending(true);
    try {
      const body = { utterance: text, input_method: inputMethod, ...(convId ? { conv_id: convId } : {}) };
      const answer = await withTimeout(transport.query(body), responseTimeout);
      if (thisTurn !== turn.current) return;
      setConvId(answer.conv_id);
      append({ from: 'concierge', answer });
      onAnswer(answer);
    } catch (error) {
      if (thisTurn !== turn.current) return;
      // A failed flow step keeps its conversation, so the visitor's retry asks that step again.
      if (error instanceof QueryFailed && error.convId) setConvId(error.convId);
      append({ from: 'error' });
    } finally {
      if (thisTurn === turn.current) setPending(false);
    }
  };

  const clear = useCallback(() => {
    turn.current += 1;
    setMessages([]);
    setConvId(null);
    setPending(false);
    setStartedAt(new Date());
  }, []);

  const showError = useCallback(() => append({ from: 'error' }), [append]);
  const sendFeedback = transport.sendFeedback?.bind(transport) ?? null;

  return { messages, convId, pending, startedAt, ask, clear, showError, sendFeedback };
}
