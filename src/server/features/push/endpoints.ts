// Which push endpoints the server will send to (docs/product/notifications.md 'Web push'). A
// subscription names a URL the server later POSTs to, so a browser's word is not enough: only the
// browsers' own push services, over https on the default port, and the hosts the operator names in
// PUSH_ENDPOINT_ALLOW (a local push service in tests: any port, http allowed). Anything else would let a
// signed-in user make the server call an address of their choosing.

/** Push services at one host: Chrome and the other Chromium browsers but Edge (FCM); Firefox. */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
];

/**
 * Push services at many hosts under one domain: Mozilla's, Apple's (Safari: web.push.apple.com) and
 * Microsoft's (Edge: e.g. wns2-par02p.notify.windows.com). Only names below the domain, never
 * the domain itself.
 */
export const KNOWN_PUSH_DOMAINS: readonly string[] = [
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** A host name's labels below a known domain: letters, digits and hyphens, nothing else. */
const SUBDOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

const knownService = (hostname: string): boolean =>
  KNOWN_PUSH_HOSTS.includes(hostname) ||
  KNOWN_PUSH_DOMAINS.some(
    (domain) => hostname.endsWith(`.${domain}`) && SUBDOMAIN.test(hostname.slice(0, -(domain.length + 1))),
  );

/**
 * A PUSH_ENDPOINT_ALLOW entry as a URL parser writes a host name ('LOCALHOST' -> 'localhost',
 * '::1' -> '[::1]', '127.0.0.1:9000' -> '127.0.0.1'), so an endpoint is compared with it as the parser
 * wrote the endpoint's; undefined for an entry that is no host.
 */
export function normalizeAllowedHost(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (trimmed === '' || /[/@?#\s]/.test(trimmed)) return undefined;
  // A bare IPv6 address has several colons and no brackets.
  const host = !trimmed.startsWith('[') && trimmed.split(':').length > 2 ? `[${trimmed}]` : trimmed;
  try {
    return new URL(`http://${host}`).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The endpoint as the server will call it (the parser's normalized URL), or null when it is not one the
 * server sends to. Refused: what does not parse, user names or passwords in the URL, a trailing dot on
 * the host, and for the browsers' services anything but https on the default port.
 */
export function allowedPushEndpoint(endpoint: string, allowHosts: readonly string[]): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  const { hostname } = url;
  if (hostname === '' || hostname.endsWith('.')) return null;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (allowHosts.some((entry) => normalizeAllowedHost(entry) === hostname)) return url;
  if (url.protocol !== 'https:' || url.port !== '') return null;
  return knownService(hostname) ? url : null;
}
