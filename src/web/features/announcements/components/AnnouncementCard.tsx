import { useId, useState, type KeyboardEvent } from 'react';
import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_PRIORITY_LABELS,
  commentCount,
  isExpiringSoon,
} from '../../../../shared/announcements.ts';
import type { Announcement, AnnouncementAuthor } from '../../../../shared/api/announcements.ts';
import { Tag } from '../../../components/Tag.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useAddComment } from '../api/announcements.ts';
import { formatCalendarDate, formatDateTime } from '../lib/format.ts';
import { LinkifiedText } from '../../../components/LinkifiedText.tsx';

/** 'author name or email' (docs/product/announcements.md); the server leaves emails out where it must. */
export const authorLabel = (author: AnnouncementAuthor | null): string =>
  author ? author.name || author.email || 'Unknown' : 'Former member';

export function PriorityTag({ priority }: { priority: Announcement['priority'] }) {
  if (priority === 'high') return <span className="tag tag--high">HIGH</span>;
  return <Tag tone={priority === 'low' ? 'neutral' : 'info'}>{ANNOUNCEMENT_PRIORITY_LABELS[priority]}</Tag>;
}

function ExpiryHint({ announcement, zone }: { announcement: Announcement; zone: string }) {
  if (announcement.is_archived) return <Tag tone="neutral">Expired</Tag>;
  if (!announcement.expires_at) return null;
  const soon = isExpiringSoon(announcement.expires_at);
  return (
    <span>
      Expires {formatDateTime(announcement.expires_at, zone)}
      {soon && (
        <>
          {' '}
          <Tag tone="warning">soon</Tag>
        </>
      )}
    </span>
  );
}

interface AnnouncementCardProps {
  teamId: number;
  announcement: Announcement;
  zone: string;
  /** The author, still allowed to announce. */
  canEdit: boolean;
  /** The author, or a coach/admin of the team (018). */
  canDelete: boolean;
  /** Whether the signed-in user may delete a comment by `authorId`. */
  canDeleteComment: (authorId: number | null) => boolean;
  onEdit: () => void;
  onDelete: () => void;
  onDeleteComment: (commentId: number) => void;
  deleting: boolean;
  deletingCommentId: number | null;
}

export function AnnouncementCard({
  teamId,
  announcement: a,
  zone,
  canEdit,
  canDelete,
  canDeleteComment,
  onEdit,
  onDelete,
  onDeleteComment,
  deleting,
  deletingCommentId,
}: AnnouncementCardProps) {
  const titleId = useId();
  const classes = ['card', 'announcement'];
  if (a.priority === 'high') classes.push('announcement--high');
  if (a.is_archived) classes.push('announcement--archived');
  return (
    <li>
      <article className={classes.join(' ')} aria-labelledby={titleId}>
        <div className="announcement__header">
          <h3 id={titleId} className="announcement__title">
            {a.title}
          </h3>
          <PriorityTag priority={a.priority} />
        </div>
        <p className="announcement__meta">
          <span>By {authorLabel(a.author)}</span>
          <span>
            <time dateTime={a.created_at}>{formatDateTime(a.created_at, zone)}</time>
          </span>
          <ExpiryHint announcement={a} zone={zone} />
        </p>
        {a.event_info && (
          <p className="announcement__meta">
            <span>
              Related event: {a.event_info.title}
              {a.event_info.date ? ` (${formatCalendarDate(a.event_info.date)})` : ''}
            </span>
          </p>
        )}
        <p className="announcement__content">
          <LinkifiedText text={a.content} />
        </p>
        {(canEdit || canDelete) && (
          <div className="announcement__actions">
            {canEdit && (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={onEdit}
                aria-label={`Edit ${a.title}`}
              >
                Edit
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="button button--danger-outline button--small"
                onClick={onDelete}
                aria-label={`Delete ${a.title}`}
                disabled={deleting}
              >
                {deleting ? 'Deleting...' : 'Delete'}
              </button>
            )}
          </div>
        )}
        {(a.allow_comments || a.comments.length > 0) && (
          <Comments
            teamId={teamId}
            announcement={a}
            zone={zone}
            canDelete={canDeleteComment}
            onDelete={onDeleteComment}
            deletingId={deletingCommentId}
          />
        )}
      </article>
    </li>
  );
}

function Comments({
  teamId,
  announcement: a,
  zone,
  canDelete,
  onDelete,
  deletingId,
}: {
  teamId: number;
  announcement: Announcement;
  zone: string;
  canDelete: (authorId: number | null) => boolean;
  onDelete: (commentId: number) => void;
  deletingId: number | null;
}) {
  const [text, setText] = useState('');
  // Folded to 'N comments' until asked (docs/product/announcements.md 'The screen').
  const [open, setOpen] = useState(false);
  const add = useAddComment(teamId);
  const inputId = useId();
  const bodyId = useId();
  const count = a.comments.length;

  const post = () => {
    const content = text.trim();
    if (!content || add.isPending) return;
    add.mutate(
      { id: a.id, content },
      {
        // What was typed stays until the server has it.
        onSuccess: () => setText(''),
        onError: (error) =>
          showToast(
            'error',
            error instanceof ApiError && error.status === 401
              ? ANNOUNCEMENT_MESSAGES.authError
              : error instanceof ApiError && error.detail && error.status < 500
                ? `${ANNOUNCEMENT_MESSAGES.commentFailed}: ${error.detail}`
                : ANNOUNCEMENT_MESSAGES.commentFailed,
          ),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      post();
    }
  };

  return (
    <section className="announcement-comments" aria-label={`Comments on ${a.title}`}>
      <button
        type="button"
        className="announcement-comments__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
        {count === 0 ? ANNOUNCEMENT_MESSAGES.addComment : commentCount(count)}
      </button>
      <div id={bodyId} hidden={!open}>
        {open && a.comments.length > 0 && (
          <ul className="announcement-comments__list">
            {a.comments.map((c) => (
              <li key={c.id} className="announcement-comment">
                <p className="announcement-comment__meta">
                  {authorLabel(c.author)} ·{' '}
                  <time dateTime={c.created_at}>{formatDateTime(c.created_at, zone)}</time>
                </p>
                <p className="announcement-comment__content">
                  <LinkifiedText text={c.content} />
                </p>
                {canDelete(c.author_id) && (
                  <button
                    type="button"
                    className="button button--danger-outline button--small"
                    onClick={() => onDelete(c.id)}
                    aria-label={`Delete comment by ${authorLabel(c.author)}`}
                    disabled={deletingId === c.id}
                  >
                    {deletingId === c.id ? 'Deleting...' : 'Delete'}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {open && a.allow_comments && (
          <div className="announcement-comment-form">
            <div className="field">
              <label className="visually-hidden" htmlFor={inputId}>
                Add a comment on {a.title}
              </label>
              <input
                id={inputId}
                className="input"
                type="text"
                value={text}
                maxLength={ANNOUNCEMENT_LIMITS.commentMax}
                placeholder="Add a comment..."
                onChange={(e) => setText(e.target.value)}
                onKeyDown={onKeyDown}
                enterKeyHint="send"
              />
            </div>
            <button
              type="button"
              className="button button--primary button--small"
              onClick={post}
              disabled={!text.trim() || add.isPending}
            >
              {add.isPending ? 'Posting...' : 'Post'}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
