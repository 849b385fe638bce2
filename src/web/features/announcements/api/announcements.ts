import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  announcementSchema,
  chatPostErrorSchema,
  type Announcement,
  type AnnouncementBody,
  type ChatPostError,
} from '../../../../shared/api/announcements.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollingFallback } from '../../../lib/live-status.ts';
import { visibleOrHidden } from '../../../lib/live-stream.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { announcementKeys } from './keys.ts';

// /api/messaging/announcements (docs/product/announcements.md).

/**
 * Reloaded this often while the page is visible (every 120 s while hidden), and on coming back to it
 * (docs/product/announcements.md).
 */
export const ANNOUNCEMENTS_REFRESH_MS = 60_000;

export function getAnnouncements(teamId: number): Promise<Announcement[]> {
  return apiRequest(`/messaging/announcements/${teamId}`, {
    schema: import.meta.env.DEV ? z.array(announcementSchema) : undefined,
  });
}

/**
 * Polled only while the team's live stream is not connected (docs/product/conversations.md 'Live updates
 * and polling').
 */
export function useAnnouncements(teamId: number) {
  const interval = usePollingFallback(teamId, ANNOUNCEMENTS_REFRESH_MS);
  return useQuery({
    queryKey: announcementKeys.list(teamId),
    queryFn: () => getAnnouncements(teamId),
    refetchInterval: visibleOrHidden(interval),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
  });
}

export interface SaveAnnouncementInput {
  /** The announcement to edit; undefined creates one. */
  id?: number;
  body: AnnouncementBody;
}

export function saveAnnouncement(teamId: number, { id, body }: SaveAnnouncementInput): Promise<Announcement> {
  return id === undefined
    ? apiRequest(`/messaging/announcements?team_id=${teamId}`, {
        method: 'POST',
        json: body,
        schema: import.meta.env.DEV ? announcementSchema : undefined,
      })
    : apiRequest(`/messaging/announcements/${id}`, {
        method: 'PUT',
        json: body,
        schema: import.meta.env.DEV ? announcementSchema : undefined,
      });
}

export function useSaveAnnouncement(teamId: number) {
  return useReloadingMutation(
    (input: SaveAnnouncementInput) => saveAnnouncement(teamId, input),
    [announcementKeys.list(teamId)],
  );
}

export function useDeleteAnnouncement(teamId: number) {
  return useReloadingMutation(
    (id: number) =>
      apiRequest(`/messaging/announcements/${id}`, {
        method: 'DELETE',
        schema: import.meta.env.DEV ? z.object({ message: z.string() }) : undefined,
      }),
    [announcementKeys.list(teamId)],
  );
}

export function useAddComment(teamId: number) {
  return useReloadingMutation(
    ({ id, content }: { id: number; content: string }) =>
      apiRequest(`/messaging/announcements/${id}/comments`, {
        method: 'POST',
        json: { content, announcement_id: id },
        schema: import.meta.env.DEV ? announcementSchema : undefined,
      }),
    [announcementKeys.list(teamId)],
  );
}

export function useDeleteComment(teamId: number) {
  return useReloadingMutation(
    ({ id, commentId }: { id: number; commentId: number }) =>
      apiRequest(`/messaging/announcements/${id}/comments/${commentId}`, {
        method: 'DELETE',
        schema: import.meta.env.DEV ? announcementSchema : undefined,
      }),
    [announcementKeys.list(teamId)],
  );
}

/** The team's last failed group-chat cross-post (coaches and admins). */
export function useChatPostError(teamId: number, enabled: boolean) {
  return useQuery<ChatPostError>({
    queryKey: announcementKeys.chatPostError(teamId),
    queryFn: () =>
      apiRequest(`/messaging/chat-posts/last-error?team_id=${teamId}`, {
        schema: import.meta.env.DEV ? chatPostErrorSchema : undefined,
      }),
    enabled,
  });
}
