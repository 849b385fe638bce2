// The RSVPs' answers, under the team's key like every team read. An RSVP reloads both.
export const rsvpKeys = {
  /** The players the user answers for on the team and their answers. */
  mine: (teamId: number) => ['teams', teamId, 'my-rsvps'] as const,
  /** The coaches' RSVP overview (Team Administration). */
  overview: (teamId: number) => ['teams', teamId, 'rsvp-overview'] as const,
  /** What an email's answer link would record (no sign-in: under no team). */
  answerLink: (token: string) => ['rsvp-answer-link', token] as const,
};
