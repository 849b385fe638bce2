import { useEffect, useRef, type Ref } from 'react';
import type { Conversation, Message } from '../../../../shared/api/conversations.ts';
import { adminsCopied, MESSAGING_MESSAGES, parentsCopied } from '../../../../shared/conversations.ts';
import { messageTimestamp } from '../../../../shared/message-time.ts';
import { LinkifiedText } from '../../../components/LinkifiedText.tsx';

interface ConversationThreadProps {
  conversation: Conversation;
  messages: readonly Message[] | undefined;
  loading: boolean;
  failed: boolean;
  userId: number;
  zone: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** The composer, below the messages. */
  children: React.ReactNode;
}

/**
 * One conversation: its title, who is in it (those the child-safe rule added marked, with the one-line
 * reason: parents copied, the coaches or the club's admins standing in for a parent), the messages oldest
 * first as text with safe links, and the composer. It keeps the newest message in view.
 */
export function ConversationThread({
  conversation,
  messages,
  loading,
  failed,
  userId,
  zone,
  headingRef,
  children,
}: ConversationThreadProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const lastId = messages?.at(-1)?.id ?? null;
  const parentsAdded = parentsCopied(conversation.participants).length > 0;
  // The team's one coach was not a second adult: the thread names the club's admins copied in, and why.
  const admins = adminsCopied(conversation.participants).map((p) => p.user.name);
  // The others first, in the server's order, then the user.
  const people = [
    ...conversation.participants.filter((p) => p.user_id !== userId),
    ...conversation.participants.filter((p) => p.user_id === userId),
  ];

  // A new message at the bottom (sent or received) scrolls the thread to it.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId, conversation.id]);

  return (
    <>
      <header className="conversation-thread__header">
        {/* h2 like the list's 'Conversations': on a phone the list is hidden while a thread is open. */}
        <h2 ref={headingRef} tabIndex={-1} className="conversation-thread__title">
          {conversation.title}
        </h2>
        <p className="conversation-thread__people">
          <span className="conversation-thread__people-label">Participants: </span>
          {people.map((p, index) => (
            <span key={p.user_id} className="conversation-thread__person">
              {p.user_id === userId ? 'You' : p.user.name}
              {p.added_for_safety && <span className="conversation-thread__added"> (added for safety)</span>}
              {index < people.length - 1 ? ', ' : ''}
            </span>
          ))}
        </p>
        {parentsAdded && <p className="conversation-thread__note">{MESSAGING_MESSAGES.parentsAdded}</p>}
        {admins.length > 0 ? (
          <p className="conversation-thread__note">{MESSAGING_MESSAGES.adminsCopied(admins)}</p>
        ) : (
          conversation.no_parent_yet && (
            <p className="conversation-thread__note">{MESSAGING_MESSAGES.noParentYet}</p>
          )
        )}
      </header>
      <div
        ref={logRef}
        className="conversation-thread__log"
        role="log"
        aria-label={`Messages with ${conversation.title}`}
        tabIndex={0}
      >
        {loading ? (
          <p role="status" className="muted">
            Loading messages...
          </p>
        ) : failed && !messages ? (
          <p className="muted">
            Could not load the messages. They will load again when the connection is back.
          </p>
        ) : !messages || messages.length === 0 ? (
          <p className="muted">No messages yet. Say hello!</p>
        ) : (
          <ol className="message-list">
            {messages.map((m) => {
              const own = m.sender_id === userId;
              return (
                <li key={m.id} className={`message${own ? ' message--own' : ''}`}>
                  <p className="message__meta">
                    <span className="message__sender">
                      {own ? 'You' : (m.sender?.name ?? 'Former member')}
                    </span>{' '}
                    <time className="message__time" dateTime={m.timestamp}>
                      {messageTimestamp(m.timestamp, zone)}
                    </time>
                  </p>
                  <p className="message__content">
                    <LinkifiedText text={m.content} />
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {children}
    </>
  );
}
