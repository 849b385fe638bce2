import type { Conversation } from '../../../../shared/api/conversations.ts';
import { messageTimestamp } from '../../../../shared/message-time.ts';
import { Tag } from '../../../components/Tag.tsx';

interface ConversationListProps {
  conversations: readonly Conversation[];
  selectedId: number | null;
  zone: string;
  onSelect: (conversation: Conversation) => void;
}

/** The conversations, most recent first: title, Group tag, unread dot and count, last activity, preview. */
export function ConversationList({ conversations, selectedId, zone, onSelect }: ConversationListProps) {
  return (
    <ul className="conversation-list" aria-label="Conversations">
      {conversations.map((c) => {
        const at = c.last_message_at ?? c.created_at;
        const unread = c.unread_count > 0;
        return (
          <li key={c.id}>
            <button
              type="button"
              id={`conversation-${c.id}`}
              className={`conversation-item${unread ? ' conversation-item--unread' : ''}`}
              aria-current={c.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(c)}
            >
              <span className="conversation-item__top">
                {unread && <span className="conversation-item__dot" aria-hidden="true" />}
                <span className="conversation-item__title" title={c.title}>
                  {c.title}
                </span>
                {c.is_group && <Tag>Group</Tag>}
                <time className="conversation-item__time" dateTime={at}>
                  {messageTimestamp(at, zone)}
                </time>
              </span>
              <span className="conversation-item__bottom">
                <span className="conversation-item__preview">
                  {c.last_message_preview ?? 'No messages yet'}
                </span>
                {unread && (
                  <span className="conversation-item__count">
                    {c.unread_count > 99 ? '99+' : c.unread_count}
                    <span className="visually-hidden"> unread</span>
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
