import type { QuickReply } from '@console/contracts';

export interface ActionHandler {
  onAction: (action: QuickReply) => void;
  /** While a question waits for its answer, no other can be sent. */
  actionsDisabled: boolean;
}

/** Quick replies: a query sends its utterance as the next question, an event is emitted to the host. */
export function QuickReplies({ actions, onAction, actionsDisabled }: { actions: readonly QuickReply[] } & ActionHandler) {
  if (!actions.length) return null;
  return (
    <div className="replies">
      {actions.map((action, index) => (
        <button key={index} type="button" className="reply" disabled={actionsDisabled} onClick={() => onAction(action)}>
          {action.label}
        </button>
      ))}
    </div>
  );
}
