import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Message } from '../../../../shared/api/conversations.ts';
import { MESSAGE_LIMITS, MESSAGING_MESSAGES } from '../../../../shared/conversations.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { newIdempotencyKey, useSendMessage } from '../api/send-message.ts';

/** The box after `sent` was stored: what was typed after it, or the box as it is when it changed otherwise. */
function withoutSent(current: string, sent: string): string {
  const text = current.trimStart();
  return text.startsWith(sent) ? text.slice(sent.length).trimStart() : current;
}

interface Failed {
  content: string;
  key: string;
  detail: string | null;
  /** The newest message of the thread when this send started. */
  sinceId: number;
}

interface MessageComposerProps {
  teamId: number;
  conversationId: number;
  conversationTitle: string;
  userId: number;
  /** The thread as last read: a failed send that shows up in it was stored after all. */
  messages: readonly Message[] | undefined;
  /** What was typed in this conversation before (kept while the user looks at another one). */
  draft: string;
  onDraftChange: (text: string) => void;
  /** A message was stored: the panel clears the kept draft if it still holds that text. */
  onSent: (conversationId: number, content: string) => void;
}

/**
 * The message box (docs/product/conversations.md): Enter sends, Shift+Enter adds a line, it grows up to
 * 6rem, Send is disabled while blank. What was typed stays until the server has it; a failed send says
 * 'Failed to send message' and Retry sends it again under the same Idempotency-Key, so it is stored once.
 */
export function MessageComposer({
  teamId,
  conversationId,
  conversationTitle,
  userId,
  messages,
  draft,
  onDraftChange,
  onSent,
}: MessageComposerProps) {
  const [text, setText] = useState(draft);
  const [failed, setFailed] = useState<Failed | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const errorId = useId();
  const countId = useId();
  // A long message says how much room is left; a paste past the limit says it was cut.
  const nearLimit = text.length >= MESSAGE_LIMITS.contentMax * 0.9;
  const send = useSendMessage(teamId, (_message, input) => onSent(input.conversationId, input.content));

  // Grows with its lines up to the stylesheet's max-height (6rem), then scrolls.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${input.scrollHeight + 2}px`;
  }, [text]);

  // A send whose answer was lost may have been stored: when the thread, read again, holds it (the user's
  // own message with that text, newer than the thread was when it was sent), the failure is over.
  const storedAfterAll =
    failed !== null &&
    !send.isPending &&
    (messages ?? []).some(
      (m) => m.sender_id === userId && m.id > failed.sinceId && m.content === failed.content,
    );
  if (storedAfterAll) {
    setFailed(null);
    setText(withoutSent(text, failed.content));
  }

  // The panel keeps what is typed in each conversation.
  useEffect(() => onDraftChange(text), [text, onDraftChange]);

  const submit = (content: string, key: string) => {
    const sinceId = failed?.key === key ? failed.sinceId : (messages?.at(-1)?.id ?? 0);
    setFailed(null);
    send.mutate(
      { conversationId, content, key },
      {
        onSuccess: () => {
          // Only what was sent goes: anything typed meanwhile stays, to be sent next.
          setText((current) => withoutSent(current, content));
          inputRef.current?.focus();
        },
        onError: (error) =>
          setFailed({
            content,
            key,
            sinceId,
            detail:
              error instanceof ApiError && !error.isNetworkError && error.status < 500 ? error.detail : null,
          }),
      },
    );
  };

  const sendTyped = () => {
    const content = text.trim();
    // Blank text is ignored (docs/product/conversations.md 'The screen'); so is a second tap or Enter
    // while one is on its way.
    if (!content || send.isPending) return;
    // Sending the same text again after a failure is a retry of that message.
    submit(content, failed && failed.content === content ? failed.key : newIdempotencyKey());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      sendTyped();
    }
  };

  return (
    <div className="message-composer">
      {failed && (
        <div className="message-composer__error" role="alert" id={errorId}>
          <span>
            {MESSAGING_MESSAGES.sendFailed}
            {failed.detail ? `: ${failed.detail}` : ''}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => submit(failed.content, failed.key)}
            disabled={send.isPending}
          >
            Retry
          </button>
        </div>
      )}
      <div className="message-composer__row">
        <label className="visually-hidden" htmlFor={inputId}>
          Message to {conversationTitle}
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          className="input textarea message-composer__input"
          rows={1}
          value={text}
          maxLength={MESSAGE_LIMITS.contentMax}
          placeholder="Type a message..."
          enterKeyHint="send"
          aria-describedby={[failed ? errorId : '', nearLimit ? countId : ''].join(' ').trim() || undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="button button--primary message-composer__send"
          onClick={sendTyped}
          disabled={!text.trim() || send.isPending}
        >
          {send.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
      {nearLimit && (
        <p className="message-composer__count" id={countId} aria-live="polite">
          {text.length.toLocaleString('en-US')} of {MESSAGE_LIMITS.contentMax.toLocaleString('en-US')}{' '}
          characters
          {text.length >= MESSAGE_LIMITS.contentMax ? ': the rest did not fit' : ''}
        </p>
      )}
    </div>
  );
}
