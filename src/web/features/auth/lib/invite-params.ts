// Invite links carry ?team={INVITE_CODE}&email=...&name=...&phone=...&token={INVITE_TOKEN}.

export const INVITE_PARAM_NAMES = ['team', 'email', 'name', 'phone', 'token'] as const;

export interface InviteParams {
  inviteCode: string;
  email: string;
  name: string;
  phone: string;
  inviteToken: string | null;
}

export function readInviteParams(search: string = window.location.search): InviteParams | null {
  const params = new URLSearchParams(search);
  if (!INVITE_PARAM_NAMES.some((name) => params.has(name))) return null;
  return {
    inviteCode: (params.get('team') ?? '').toUpperCase(),
    email: params.get('email') ?? '',
    name: params.get('name') ?? '',
    phone: params.get('phone') ?? '',
    inviteToken: params.get('token') || null,
  };
}

/** Whether the URL carries what the 'Team Invitation Detected' dialog reacts to. */
export function hasInviteParams(search: string = window.location.search): boolean {
  const params = new URLSearchParams(search);
  return params.has('team') || params.has('token') || params.has('email');
}

/** Removes the invite parameters from the address bar without a new history entry. */
export function clearInviteParams(): void {
  const url = new URL(window.location.href);
  for (const name of INVITE_PARAM_NAMES) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
