import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Rsvp, RsvpList, RsvpPlayer } from '../../../../shared/api/calendar.ts';
import type { CalendarEvent } from '../../../../shared/calendar.ts';
import {
  RSVP_MESSAGES,
  rsvpClosedMessage,
  rsvpCoachesCloseAt,
  type RsvpResponse,
  rsvpWindow,
} from '../../../../shared/rsvp.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useMyRsvps } from '../api/get-my-rsvps.ts';
import { rsvpKeys } from '../api/keys.ts';
import { useSubmitRsvp, useSubmitRsvpAll } from '../api/submit-rsvp.ts';
import { answerKey, answersByKey, rsvpFailure, withAnswers } from './rsvp.ts';

/** What the day's events need to show and send RSVPs. */
export interface RsvpActions {
  status: 'loading' | 'error' | 'ready';
  /** Every player the user may answer for (the server decides: docs/product/calendar-rsvp-and-feed.md). */
  players: readonly RsvpPlayer[];
  /** The user answers for every player of the team (`answer_for_all_players`: its coaches and admins). */
  answersForAll: boolean;
  /** The players whose answers show ('Show RSVPs for'). */
  shown: readonly RsvpPlayer[];
  /** A parent with several players shown: one tap answers for all of them. */
  answerAll: boolean;
  /** The whole team (who answers for all players): each event's list starts folded under its counts. */
  folded: boolean;
  answer: (event: CalendarEvent, playerId: number) => Rsvp | undefined;
  /** A note typed and not yet sent, kept while the user moves between days. */
  draft: (event: CalendarEvent, playerId: number) => string | undefined;
  setDraft: (event: CalendarEvent, playerId: number, text: string) => void;
  submit: (event: CalendarEvent, player: RsvpPlayer, response: RsvpResponse) => void;
  submitAll: (event: CalendarEvent, response: RsvpResponse) => void;
  /** A write is on its way: every answer button waits (one write at a time, never twice). */
  pending: boolean;
  /**
   * Why this user may no longer answer for the event (it has started:
   * docs/product/calendar-rsvp-and-feed.md), or undefined while they may. The same rule the server
   * applies, in the team's time zone.
   */
  closedMessage: (event: CalendarEvent) => string | undefined;
  /** For a coach answering after the start: until when they still may; undefined otherwise. */
  coachesUntil: (event: CalendarEvent) => Date | undefined;
}

/** More players than this (a coach's team) start folded in each event. */
const FOLD_ABOVE = 3;

const keyOf = (event: CalendarEvent, playerId: number) =>
  event.rsvpEventType && event.rsvpEventId !== null
    ? answerKey(event.rsvpEventType, event.rsvpEventId, playerId)
    : null;

export function useRsvpActions(
  userId: number,
  team: Pick<Team, 'id' | 'is_coach'>,
  {
    filter,
    refetchInterval,
  }: {
    filter: number | null;
    /** Read the answers again this often while the page is visible (the dashboard). */
    refetchInterval?: number;
  },
): RsvpActions {
  const teamId = team.id;
  // What this team lets the user do (a coach account may be a parent on another team).
  const answersForAll = useCan(team, 'answer_for_all_players');
  // Answers for 7 days after an event starts (attendance at the pitch).
  const recordsAttendance = useCan(team, 'record_attendance');
  const queryClient = useQueryClient();
  const zone = useTeamTimeZone();
  const now = useNow();
  const role = recordsAttendance ? 'coach' : 'parent';
  const list = useMyRsvps(userId, teamId, refetchInterval ? { refetchInterval } : {});
  const single = useSubmitRsvp(teamId);
  const all = useSubmitRsvpAll(teamId);
  const [drafts, setDrafts] = useState<Record<string, string>>({});

  const players = useMemo(() => list.data?.players ?? [], [list.data]);
  const answers = useMemo(() => answersByKey(list.data?.rsvps ?? []), [list.data]);
  const shown = useMemo(() => {
    const one = players.filter((p) => p.id === filter);
    return one.length > 0 ? one : players;
  }, [players, filter]);

  // The answers sent are shown at once; the list reloads after every write anyway.
  const keep = useCallback(
    (saved: readonly Rsvp[]) => {
      queryClient.setQueryData<RsvpList>(
        rsvpKeys.mine(teamId),
        (old) => old && { ...old, rsvps: withAnswers(old.rsvps, saved) },
      );
      setDrafts((current) => {
        const next = { ...current };
        for (const r of saved) delete next[answerKey(r.event_type, r.event_id, r.player_id)];
        return next;
      });
    },
    [queryClient, teamId],
  );

  const draft = (event: CalendarEvent, playerId: number) => {
    const key = keyOf(event, playerId);
    return key ? drafts[key] : undefined;
  };

  return {
    // A failed reload keeps the answers already shown.
    status: list.data ? 'ready' : list.isError ? 'error' : 'loading',
    players,
    answersForAll,
    shown,
    answerAll: !answersForAll && shown.length > 1,
    folded: answersForAll && shown.length > FOLD_ABOVE,
    answer: (event, playerId) => {
      const key = keyOf(event, playerId);
      return key ? answers.get(key) : undefined;
    },
    draft,
    setDraft: (event, playerId, text) => {
      const key = keyOf(event, playerId);
      if (key) setDrafts((current) => ({ ...current, [key]: text }));
    },
    submit: (event, player, response) => {
      if (!event.rsvpEventType || event.rsvpEventId === null) return;
      const note = draft(event, player.id) ?? answers.get(keyOf(event, player.id) ?? '')?.notes ?? '';
      single.mutate(
        {
          event_type: event.rsvpEventType,
          event_id: event.rsvpEventId,
          player_id: player.id,
          response,
          notes: note.trim() || null,
        },
        {
          onSuccess: (saved) => {
            keep([saved]);
            showToast('success', RSVP_MESSAGES.submitted(player.name, response));
          },
          onError: (error) => showToast('error', rsvpFailure(error)),
        },
      );
    },
    submitAll: (event, response) => {
      if (!event.rsvpEventType || event.rsvpEventId === null) return;
      all.mutate(
        {
          event_type: event.rsvpEventType,
          event_id: event.rsvpEventId,
          player_ids: shown.map((p) => p.id),
          response,
        },
        {
          onSuccess: (saved) => {
            keep(saved);
            showToast('success', RSVP_MESSAGES.submittedAll(saved.length, response));
          },
          onError: (error) => showToast('error', rsvpFailure(error)),
        },
      );
    },
    pending: single.isPending || all.isPending,
    closedMessage: (event) => rsvpClosedMessage(role, event, zone, now),
    coachesUntil: (event) =>
      recordsAttendance && rsvpWindow(event, zone, now) === 'coaches'
        ? rsvpCoachesCloseAt(event, zone)
        : undefined,
  };
}
