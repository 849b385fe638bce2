import { UNSUBSCRIBE_TARGETS, type UnsubscribeTarget } from '../../../../shared/notifications.ts';

// The unsubscribe page asks 'Stop emails about <kind>?' before anything changes (a GET never does:
// mail scanners follow links). The kind is read from the link's token, whose first part is its claims
// as base64url JSON (src/server/features/auth/signed-links.ts): for the question only. The server checks
// the signature when the button is pressed and answers the kind it turned off.

/** The kind an unsubscribe token names, unverified; undefined when it cannot be read. */
export function kindInUnsubscribeToken(token: string): UnsubscribeTarget | undefined {
  const body = token.split('.')[0] ?? '';
  try {
    const text = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = (JSON.parse(text) as { c?: unknown }).c;
    const kind = (claims as { k?: unknown } | undefined)?.k;
    return UNSUBSCRIBE_TARGETS.find((known) => known === kind);
  } catch {
    return undefined;
  }
}
