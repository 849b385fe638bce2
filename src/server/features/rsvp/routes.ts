import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponse } from '../../../shared/api/auth.ts';
import {
  answerLinkBody,
  answerLinkQuery,
  answerLinkSchema,
  overviewQuery,
  overviewSchema,
  rsvpListQuery,
  rsvpListSchema,
  rsvpSchema,
  rsvpSubmitAllBody,
  rsvpSubmitBody,
  rsvpUpcomingBody,
} from '../../../shared/api/calendar.ts';
import { remindAnswer, remindBody } from '../../../shared/api/notifications.ts';
import { RSVP_LIMITS, RSVP_MESSAGES } from '../../../shared/rsvp.ts';
import { clientAddress } from '../../client-address.ts';
import type { Config } from '../../config.ts';
import { notFound } from '../../http-error.ts';
import { idParam, teamParams } from '../../params.ts';
import type { ReminderService } from './reminders.ts';
import { RSVP_USER_NOT_FOUND, type RsvpService } from './service.ts';

// /api/team-rsvp (docs/product/calendar-rsvp-and-feed.md; docs/decisions/017), inside the signed-in
// scope, which loads the caller's access: for a submit, to the event's team (teamOf: an event of a team
// not theirs is 'Event not found'); for the list, to ?team_id's team when it names one; for the
// overview, to :teamId's. Neither read is kept once for every member: the list depends on who reads it
// (and stays untagged, as it always was), and the overview is refused to parents and players (a kept
// answer would be served before that).

const userParams = z.object({ userId: idParam('User id') });

type EventBody = { event_type: z.output<typeof rsvpSubmitBody>['event_type']; event_id: number };
const ofEvent = (rsvp: RsvpService) => ({
  teamOf: (request: FastifyRequest) => {
    const body = request.body as EventBody;
    return rsvp.teamOfEvent({ type: body.event_type, id: body.event_id });
  },
  teamNotFound: RSVP_MESSAGES.eventNotFound,
});

/** The list is the caller's own ('User not found' for another id), on ?team_id's team or on every team. */
const ownList = {
  teamOf: async (request: FastifyRequest) => {
    const { userId } = request.params as z.output<typeof userParams>;
    if (userId !== request.user.id) throw notFound(RSVP_USER_NOT_FOUND);
    return (request.query as z.output<typeof rsvpListQuery>).team_id ?? null;
  },
  untagged: true,
};

export async function rsvpRoutes(
  app: FastifyInstance,
  { rsvp, rsvpReminders }: { rsvp: RsvpService; rsvpReminders: ReminderService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A coach's 'Remind' (docs/product/notifications.md 'RSVP reminders'): the event's team is loaded
  // first, so another team's event is 'Event not found'.
  r.post(
    '/remind',
    { schema: { body: remindBody, response: { 200: remindAnswer } }, config: ofEvent(rsvp) },
    (request) => rsvpReminders.remind(request.teamAccess, request.body),
  );

  r.post(
    '/submit',
    { schema: { body: rsvpSubmitBody, response: { 200: rsvpSchema } }, config: ofEvent(rsvp) },
    (request) => rsvp.submit(request.teamAccess, request.body),
  );

  r.post(
    '/submit-all',
    { schema: { body: rsvpSubmitAllBody, response: { 200: z.array(rsvpSchema) } }, config: ofEvent(rsvp) },
    (request) => rsvp.submitAll(request.teamAccess, request.body),
  );

  r.get(
    '/user/:userId/events',
    {
      schema: { params: userParams, querystring: rsvpListQuery, response: { 200: rsvpListSchema } },
      config: ownList,
    },
    (request) =>
      request.query.team_id === undefined
        ? rsvp.listOnEveryTeam(request.user)
        : rsvp.listOnTeam(request.teamAccess),
  );
}

/**
 * /team-rsvp/team/:teamId: a team's answers as a whole. The signed-in scope loads the caller's access
 * to :teamId's team (another team's is 404).
 */
export async function teamRsvpRoutes(app: FastifyInstance, { rsvp }: { rsvp: RsvpService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // 'Answer all upcoming': the team is :teamId's (another team's is 404), limited per user like a burst
  // of taps would never need.
  r.post(
    '/:teamId/upcoming',
    {
      schema: { params: teamParams, body: rsvpUpcomingBody, response: { 200: z.array(rsvpSchema) } },
      preHandler: app.limitBy([
        {
          name: 'rsvp-upcoming:user',
          max: RSVP_LIMITS.upcomingPerHour,
          windowMinutes: 60,
          key: (request) => String(request.user.id),
        },
      ]),
    },
    (request) => rsvp.answerUpcoming(request.teamAccess, request.body),
  );

  r.get(
    '/:teamId/overview',
    {
      schema: { params: teamParams, querystring: overviewQuery, response: { 200: overviewSchema } },
    },
    // Without a query, every event from today on (the spec's); a window and types narrow it (decision 050).
    (request) => rsvp.overview(request.teamAccess, request.query),
  );
}

/**
 * /team-rsvp/answer-link: an email's answer link, without signing in (docs/product/notifications.md
 * 'Answer from the email'). The GET only describes, so a mail scanner following the link records
 * nothing; the page's one button POSTs. Both are limited per address, as every guessable secret is.
 */
export async function answerLinkRoutes(
  app: FastifyInstance,
  { rsvp, config }: { rsvp: RsvpService; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.limitBy([
    { name: 'answer-link:ip', max: config.ANSWER_LINK_LIMIT_PER_IP, windowMinutes: 60, key: clientAddress },
  ]);

  r.get(
    '',
    { schema: { querystring: answerLinkQuery, response: { 200: answerLinkSchema } }, preHandler: limit },
    async (request, reply) => {
      // The link's token is in the address: nothing answered from it is kept anywhere.
      void reply.header('Cache-Control', 'no-store');
      return rsvp.describeAnswerLink(request.query.token);
    },
  );

  r.post(
    '',
    { schema: { body: answerLinkBody, response: { 200: detailResponse } }, preHandler: limit },
    (request) => rsvp.recordAnswerLink(request.body.token),
  );
}
