import { useState } from 'react';
import type { Notification } from '../../../../shared/api/notifications.ts';
import { messageTimestamp } from '../../../../shared/message-time.ts';
import { bellBadge } from '../../../../shared/notifications.ts';
import { Modal } from '../../../components/Modal.tsx';
import { closeThenGo } from '../../../lib/modal-history.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { leaveThen } from '../../../lib/unsaved-changes.ts';
import { useMarkRead, useNotifications } from '../api/notifications.ts';
import './notifications.css';

interface NotificationBellProps {
  /** Where it sits: the phone's top bar or the side bar (each hides the other's by width). */
  className: string;
}

/**
 * The bell: the unread count on it (99+), and on a tap the list of the user's notifications, newest
 * first, each a link to its screen that marks it read; 'Mark all read' below (docs/product/notifications.md).
 */
export function NotificationBell({ className }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const mark = useMarkRead();
  const unread = query.data?.unread_count ?? 0;
  const badge = bellBadge(unread);
  const label = badge ? `Notifications, ${badge} unread` : 'Notifications';

  return (
    <>
      <button
        type="button"
        className={`icon-button bell ${className}`}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {badge && (
          <span className="bell__count" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      <Modal
        open={open}
        title="Notifications"
        onClose={() => setOpen(false)}
        footer={
          <button
            type="button"
            className="button button--secondary"
            disabled={unread === 0}
            onClick={() => mark.mutate(null)}
          >
            Mark all read
          </button>
        }
      >
        {/* Written only while open: the page has two bells (top bar and side bar), and each list's
            timestamps cost a phone about 150 ms of a first load that shows neither. */}
        {open && (
          <NotificationList
            query={query}
            onOpen={(notification) => {
              if (notification.read_at === null) mark.mutate([notification.id]);
              // Its link opens once the list's Back has landed (a new entry: Back from there returns
              // here), after asking when something typed on the page is unsaved.
              const hash = new URL(notification.link, window.location.href).hash;
              closeThenGo(
                () => setOpen(false),
                () =>
                  leaveThen(() => {
                    window.location.hash = hash;
                  }, hash),
              );
            }}
          />
        )}
      </Modal>
    </>
  );
}

function NotificationList({
  query,
  onOpen,
}: {
  query: ReturnType<typeof useNotifications>;
  onOpen: (notification: Notification) => void;
}) {
  const zone = useTeamTimeZone();
  if (query.isPending) return <p role="status">Loading notifications...</p>;
  if (query.isError && !query.data) {
    return (
      <p role="alert">Could not load your notifications. They will load again when the connection is back.</p>
    );
  }
  const items = query.data?.items ?? [];
  if (items.length === 0) return <p className="muted">No notifications yet.</p>;
  return (
    <ul className="notifications" aria-label="Notifications">
      {items.map((notification) => (
        <li
          key={notification.id}
          className={`notification${notification.read_at === null ? ' notification--unread' : ''}`}
        >
          {/* A real link (a new tab, copying it); a tap marks it read, closes the list, then opens it. */}
          <a
            className="notification__link"
            href={notification.link}
            onClick={(event) => {
              event.preventDefault();
              onOpen(notification);
            }}
          >
            <span className="notification__title">
              {notification.read_at === null && <span className="visually-hidden">Unread: </span>}
              {notification.title}
            </span>
            {notification.body && <span className="notification__body">{notification.body}</span>}
            <span className="notification__time">{messageTimestamp(notification.created_at, zone)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
