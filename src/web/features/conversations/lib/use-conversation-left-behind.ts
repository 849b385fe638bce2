import { useState } from 'react';
import { hashParams } from '../../../../shared/tabs.ts';

/** The URL hash's parameter that names the open conversation ('#messages?...&conversationId=5'). */
export const CONVERSATION_PARAM = 'conversationId';

/**
 * The conversation the address named when the team last changed: one of the team left, which the new
 * team's panel drops rather than call it 'not among yours'. Called by the screen that outlives a team
 * switch (the panel is made anew for each team). Null until a switch, so a link to a conversation of
 * the current team opens it.
 */
export function useConversationLeftBehind(teamId: number | null): string | null {
  const [seen, setSeen] = useState<{ teamId: number | null; leftBehind: string | null }>({
    teamId,
    leftBehind: null,
  });
  if (seen.teamId === teamId) return seen.leftBehind;
  // Adjusted while rendering, so the new team's panel never takes the old conversation for its own. The
  // address is read only now, not followed: opening conversations does not render the whole screen again.
  const named = hashParams(window.location.hash).get(CONVERSATION_PARAM);
  const next = { teamId, leftBehind: seen.teamId === null ? null : named };
  setSeen(next);
  return next.leftBehind;
}
