import { type ReactNode, useId, useState } from 'react';
import type { OverviewEvent } from '../../../../shared/api/calendar.ts';
import { todayIn, wallClock } from '../../../../shared/event-dates.ts';
import { addDays, formatDate, formatTime, isCalendarDate } from '../../../../shared/events.ts';
import { ROLE_LABELS, ROLES, type Role } from '../../../../shared/roles.ts';
import {
  RSVP_LABELS,
  RSVP_MESSAGES,
  RSVP_RESPONSES,
  rsvpClosedMessage,
  rsvpCoachesCloseAt,
  type RsvpEventType,
  type RsvpResponse,
  rsvpWindow,
} from '../../../../shared/rsvp.ts';
import {
  DEFAULT_OVERVIEW_PRESET,
  OVERVIEW_MESSAGES,
  OVERVIEW_PRESET_LABELS,
  OVERVIEW_PRESETS,
  OVERVIEW_TYPE_LABELS,
  type OverviewPreset,
  overviewEmpty,
  type OverviewQuery,
  presetQuery,
} from '../../../../shared/rsvp-overview.ts';
import { ANSWER_LINK_LABELS } from '../../../../shared/rsvp-reminders.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useRsvpOverview } from '../api/get-rsvp-overview.ts';
import { useSubmitRsvp } from '../api/submit-rsvp.ts';
import { rsvpFailure } from '../lib/rsvp.ts';
import { RemindLine } from './RemindRsvps.tsx';
import { AnswerButtons } from './RsvpChoices.tsx';
import { RsvpCounts } from './RsvpCounts.tsx';
import './rsvp.css';

type Response = OverviewEvent['responses'][number];
type Waiting = OverviewEvent['not_responded'][number];

export const RSVP_OVERVIEW_TEXT = {
  title: 'Event RSVPs',
  loading: 'Loading RSVPs...',
  noAnswers: 'No answers yet.',
  notAnswered: 'No answer yet',
  everyoneAnswered: 'Every active player has answered.',
  count: (n: number) => (n === 1 ? '1 event' : `${n} events`),
} as const;

type TypeChoice = RsvpEventType | 'all';
const TYPE_CHOICES = Object.keys(OVERVIEW_TYPE_LABELS) as TypeChoice[];

/** One answer being recorded from the overview: the one write of the screen at a time. */
interface Recorder {
  record: (event: OverviewEvent, player: { player_id: number; name: string }, response: RsvpResponse) => void;
  pending: boolean;
}

/**
 * Team Administration > Event RSVPs (docs/product/calendar-rsvp-and-feed.md; docs/decisions/050): the
 * events of a window (the next 14 days at first; other presets or the coach's own dates) and of a type,
 * with their Yes/Maybe/No counts, each opening into who answered what and who has not answered yet,
 * where the coach records an answer given at the pitch. A failed load is only logged
 * (docs/product/calendar-rsvp-and-feed.md, by the query client): the tab shows no list rather than a
 * misleading 'no events'.
 */
export function RsvpOverviewPanel({ teamId }: { teamId: number }) {
  const zone = useTeamTimeZone();
  const today = todayIn(zone, useNow());
  const [preset, setPreset] = useState<OverviewPreset>(DEFAULT_OVERVIEW_PRESET);
  const [custom, setCustom] = useState(() => ({ from: today, to: addDays(today, 13) }));
  const [type, setType] = useState<TypeChoice>('all');
  const customProblem =
    preset !== 'custom'
      ? null
      : !isCalendarDate(custom.from) || !isCalendarDate(custom.to)
        ? OVERVIEW_MESSAGES.chooseDates
        : custom.to < custom.from
          ? OVERVIEW_MESSAGES.endBeforeStart
          : null;
  const query: OverviewQuery = {
    ...presetQuery(preset, today, custom),
    ...(type === 'all' ? {} : { type: [type] }),
  };
  const overview = useRsvpOverview(teamId, { query, enabled: customProblem === null });
  const events = customProblem === null ? overview.data?.upcoming_events : undefined;
  const submit = useSubmitRsvp(teamId);
  const recorder: Recorder = {
    pending: submit.isPending,
    record: (event, player, response) =>
      submit.mutate(
        { event_type: event.event_type, event_id: event.event_id, player_id: player.player_id, response },
        {
          onSuccess: () => showToast('success', RSVP_MESSAGES.submitted(player.name, response)),
          onError: (error) => showToast('error', rsvpFailure(error)),
        },
      ),
  };
  const ids = { preset: useId(), type: useId(), from: useId(), to: useId() };
  return (
    <section className="rsvp-overview" aria-labelledby="rsvp-overview-title">
      <h2 id="rsvp-overview-title" className="section-title">
        {RSVP_OVERVIEW_TEXT.title}
      </h2>
      <div className="rsvp-filters" role="group" aria-label="Which events">
        <div className="rsvp-filters__field">
          <label htmlFor={ids.preset}>Show</label>
          <select
            id={ids.preset}
            className="input"
            value={preset}
            onChange={(e) => setPreset(e.target.value as OverviewPreset)}
          >
            {OVERVIEW_PRESETS.map((choice) => (
              <option key={choice} value={choice}>
                {OVERVIEW_PRESET_LABELS[choice]}
              </option>
            ))}
          </select>
        </div>
        <div className="rsvp-filters__field">
          <label htmlFor={ids.type}>Type</label>
          <select
            id={ids.type}
            className="input"
            value={type}
            onChange={(e) => setType(e.target.value as TypeChoice)}
          >
            {TYPE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {OVERVIEW_TYPE_LABELS[choice]}
              </option>
            ))}
          </select>
        </div>
        {preset === 'custom' && (
          <>
            <div className="rsvp-filters__field">
              <label htmlFor={ids.from}>From</label>
              <input
                id={ids.from}
                className="input"
                type="date"
                value={custom.from}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              />
            </div>
            <div className="rsvp-filters__field">
              <label htmlFor={ids.to}>To</label>
              <input
                id={ids.to}
                className="input"
                type="date"
                value={custom.to}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              />
            </div>
          </>
        )}
      </div>
      {customProblem ? (
        <p className="rsvp-filters__problem" role="alert">
          {customProblem}
        </p>
      ) : overview.isPending ? (
        <p role="status">{RSVP_OVERVIEW_TEXT.loading}</p>
      ) : !events ? null : (
        <>
          <p className="muted rsvp-overview__status" role="status">
            {overview.isPlaceholderData
              ? RSVP_OVERVIEW_TEXT.loading
              : RSVP_OVERVIEW_TEXT.count(events.length)}
          </p>
          {events.length === 0 ? (
            <p className="muted">
              {overviewEmpty(preset, type)} Games, tournament games and practices added in{' '}
              <a className="link" href="#tournaments">
                Team Events
              </a>{' '}
              show here.
            </p>
          ) : (
            <ul
              className="rsvp-events"
              role="list"
              aria-label="Events"
              aria-busy={overview.isPlaceholderData}
            >
              {events.map((event) => (
                <RsvpEventItem
                  key={`${event.event_type}:${event.event_id}`}
                  teamId={teamId}
                  event={event}
                  recorder={recorder}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function RsvpEventItem({
  teamId,
  event,
  recorder,
}: {
  teamId: number;
  event: OverviewEvent;
  recorder: Recorder;
}) {
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const zone = useTeamTimeZone();
  const now = useNow();
  const counts = { yes: event.yes_count, maybe: event.maybe_count, no: event.no_count };
  // The one rule of when answers close (src/shared/rsvp.ts): the overview is a coach's, so 7 days more.
  const when = { date: event.event_date, time: event.event_time, tournamentEndDate: null };
  const closed = rsvpClosedMessage('coach', when, zone, now);
  const until = rsvpWindow(when, zone, now) === 'coaches' ? rsvpCoachesCloseAt(when, zone) : undefined;
  const answer = closed
    ? undefined
    : (player: { player_id: number; name: string }, saved: RsvpResponse | undefined) => (
        <RecordAnswer event={event} player={player} saved={saved} recorder={recorder} />
      );
  return (
    <li className="card rsvp-event">
      <h3 className="rsvp-event__heading">
        <button
          type="button"
          className="rsvp-event__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="rsvp-event__arrow" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="rsvp-event__text">
            <span className="rsvp-event__when">
              {formatDate(event.event_date)} · {formatTime(event.event_time)}
            </span>{' '}
            <span className="rsvp-event__name">{event.event_name}</span>{' '}
            {event.tournament_name && (
              <>
                <span className="rsvp-event__tournament">{event.tournament_name}</span>{' '}
              </>
            )}
            <RsvpCounts counts={counts} total={event.total_responses} waiting={event.not_responded.length} />
          </span>
        </button>
      </h3>
      <RemindLine teamId={teamId} event={event} />
      <div id={bodyId} className="rsvp-event__body" hidden={!open}>
        {closed && (
          <p className="muted rsvp-event__closed" role="note">
            {closed}
          </p>
        )}
        {until && (
          <p className="muted rsvp-event__closed" role="note">
            {RSVP_MESSAGES.coachesStillOpen(untilText(until, zone))}
          </p>
        )}
        {event.responses.length === 0 && <p className="muted">{RSVP_OVERVIEW_TEXT.noAnswers}</p>}
        {RSVP_RESPONSES.map((response) => (
          <AnswerGroup key={response} answer={response} responses={event.responses} record={answer} />
        ))}
        <section className="rsvp-group">
          <h4 className="rsvp-group__title">
            {RSVP_OVERVIEW_TEXT.notAnswered} ({event.not_responded.length})
          </h4>
          {event.not_responded.length === 0 ? (
            <p className="muted">{RSVP_OVERVIEW_TEXT.everyoneAnswered}</p>
          ) : (
            <ul className="rsvp-people" role="list">
              {event.not_responded.map((player) => (
                <li key={player.player_id} className="rsvp-person">
                  <PlayerLine player={player} />
                  {answer?.(player, undefined)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </li>
  );
}

/**
 * Going / Maybe / Can't go for one player of the event, the saved one pressed: one tap records it
 * through the one submit (POST /api/team-rsvp/submit, its rules and messages); every button of the
 * screen waits while an answer is on its way, so a second tap sends nothing.
 */
function RecordAnswer({
  event,
  player,
  saved,
  recorder,
}: {
  event: OverviewEvent;
  player: { player_id: number; name: string };
  saved: RsvpResponse | undefined;
  recorder: Recorder;
}) {
  return (
    <AnswerButtons
      className="rsvp-choices rsvp-person__record"
      label={`Record answer for ${player.name}, ${event.event_name}`}
      saved={saved}
      labels={ANSWER_LINK_LABELS}
      pending={recorder.pending}
      onChoose={(response) => recorder.record(event, player, response)}
    />
  );
}

/** 'Tuesday 12/01/2026 at 10:00 AM' on the team's clocks. */
function untilText(instant: Date, zone: string): string {
  const { date, time } = wallClock(instant, zone);
  return `${formatDate(date)} at ${formatTime(time)}`;
}

function AnswerGroup({
  answer,
  responses,
  record,
}: {
  answer: RsvpResponse;
  responses: readonly Response[];
  /** The buttons that record another answer for the player; none once the event is closed to coaches. */
  record: ((player: { player_id: number; name: string }, saved: RsvpResponse) => ReactNode) | undefined;
}) {
  const group = responses.filter((r) => r.response === answer);
  if (group.length === 0) return null;
  return (
    <section className={`rsvp-group rsvp-group--${answer}`}>
      <h4 className="rsvp-group__title">
        {RSVP_LABELS[answer]} ({group.length})
      </h4>
      <ul className="rsvp-people" role="list">
        {group.map((response) => (
          <li key={response.id} className="rsvp-person">
            <PlayerLine player={response.player} />
            {response.user && (
              <p className="rsvp-person__by">
                Answered by {response.user.name} ({roleLabel(response.user.role)})
              </p>
            )}
            {response.notes && <p className="rsvp-person__notes">Notes: {response.notes}</p>}
            {record?.({ player_id: response.player_id, name: response.player.name }, response.response)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlayerLine({ player }: { player: Pick<Waiting, 'name' | 'position' | 'jersey_number'> }) {
  return (
    <p className="rsvp-person__player">
      {player.jersey_number !== null && <span className="rsvp-person__number">#{player.jersey_number} </span>}
      <span className="rsvp-person__name">{player.name}</span>
      {player.position && <span className="rsvp-person__position"> · {player.position}</span>}
    </p>
  );
}

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}
