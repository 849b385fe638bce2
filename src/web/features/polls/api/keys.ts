// The polls' answers, kept under the team's key so switching teams never shows another team's polls.
export const pollKeys = {
  list: (teamId: number) => ['teams', teamId, 'polls'] as const,
};

/** The Polls tab and the dashboard card reload the list this often while the page is visible. */
export const POLLS_REFRESH_MS = 60_000;
