import { useState } from 'react';
import { ANNOUNCEMENT_MESSAGES, pinnedFirst } from '../../../../shared/announcements.ts';
import type { Announcement } from '../../../../shared/api/announcements.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useAnnouncements, useDeleteAnnouncement, useDeleteComment } from '../api/announcements.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import { AnnouncementFormModal, type EventOption } from './AnnouncementFormModal.tsx';
import './announcements.css';

type Dialog =
  | { kind: 'form'; announcement: Announcement | null }
  | { kind: 'delete'; announcement: Announcement }
  | { kind: 'deleteComment'; announcement: Announcement; commentId: number };

interface AnnouncementsPanelProps {
  team: Team;
  /** The signed-in user: edit is the author's; delete the author's or a coach's/admin's (018). */
  userId: number;
  /** Events to relate an announcement to; the app loads them for coaches only. */
  eventOptions?: readonly EventOption[];
}

/** The Communication tab's Announcements (docs/product/announcements.md). */
export function AnnouncementsPanel({ team, userId, eventOptions = [] }: AnnouncementsPanelProps) {
  const zone = useTeamTimeZone();
  const list = useAnnouncements(team.id);
  const remove = useDeleteAnnouncement(team.id);
  const canPost = useCan(team, 'make_announcements');
  const removeComment = useDeleteComment(team.id);
  // Coaches of the team and admins moderate: they delete any announcement or comment (018).
  const moderates = useCan(team, 'moderate_announcements');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const hasGroupChat = Boolean(team.groupme_bot_id);

  const confirmDelete = (announcement: Announcement) => {
    close();
    remove.mutate(announcement.id, {
      onSuccess: () => showToast('success', ANNOUNCEMENT_MESSAGES.deleted),
      onError: (error) =>
        showToast(
          'error',
          error instanceof ApiError && error.status === 401
            ? ANNOUNCEMENT_MESSAGES.authError
            : ANNOUNCEMENT_MESSAGES.deleteFailed,
        ),
    });
  };

  const confirmDeleteComment = (announcement: Announcement, commentId: number) => {
    close();
    removeComment.mutate(
      { id: announcement.id, commentId },
      {
        onSuccess: () => showToast('success', ANNOUNCEMENT_MESSAGES.commentDeleted),
        onError: (error) =>
          showToast(
            'error',
            error instanceof ApiError && error.status === 401
              ? ANNOUNCEMENT_MESSAGES.authError
              : ANNOUNCEMENT_MESSAGES.deleteCommentFailed,
          ),
      },
    );
  };

  return (
    <section aria-labelledby="announcements-title">
      <div className="section-header">
        <h2 id="announcements-title" className="section-title">
          Announcements
        </h2>
        {canPost && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDialog({ kind: 'form', announcement: null })}
          >
            New Announcement
          </button>
        )}
      </div>
      {list.isPending ? (
        <p className="card" role="status">
          Loading announcements...
        </p>
      ) : list.isError ? (
        <p className="card" role="alert">
          Could not load the announcements. They will load again when the connection is back.
        </p>
      ) : list.data.length === 0 ? (
        <p className="card muted">No announcements yet.</p>
      ) : (
        <ul className="announcement-list" aria-label="Announcements">
          {pinnedFirst(list.data).map((a) => (
            <AnnouncementCard
              key={a.id}
              teamId={team.id}
              announcement={a}
              zone={zone}
              canEdit={a.author_id === userId && canPost}
              canDelete={a.author_id === userId || moderates}
              canDeleteComment={(authorId) => authorId === userId || moderates}
              onEdit={() => setDialog({ kind: 'form', announcement: a })}
              onDelete={() => setDialog({ kind: 'delete', announcement: a })}
              onDeleteComment={(commentId) =>
                setDialog({ kind: 'deleteComment', announcement: a, commentId })
              }
              deleting={remove.isPending && remove.variables === a.id}
              deletingCommentId={removeComment.isPending ? removeComment.variables.commentId : null}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === 'form' && (
        <AnnouncementFormModal
          teamId={team.id}
          zone={zone}
          announcement={dialog.announcement}
          eventOptions={eventOptions}
          hasGroupChat={hasGroupChat}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Announcement"
        message={ANNOUNCEMENT_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.announcement)}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'deleteComment'}
        title="Delete Comment"
        message={ANNOUNCEMENT_MESSAGES.deleteCommentConfirm}
        confirmLabel="Delete"
        danger
        onConfirm={() =>
          dialog?.kind === 'deleteComment' && confirmDeleteComment(dialog.announcement, dialog.commentId)
        }
        onCancel={close}
      />
    </section>
  );
}
