// Web push on a device (docs/product/notifications.md 'Web push'): the words the server answers and
// Account Settings shows, shared so both say the same.

export const PUSH_MESSAGES = {
  /** POST /api/push/subscriptions with an endpoint that is not a known browser push service. */
  unsupportedService: 'This push service is not supported',
  /** The subscription's keys are not a P-256 public key (65 bytes) and an auth secret (16 bytes). */
  badKeys: "This device's push keys are not valid",

  // Account Settings, 'Notifications' tab.
  heading: 'Notifications on this device',
  unsupported:
    'This browser cannot receive notifications. You will still see them on the bell (Notifications) when the app is open.',
  checking: 'Checking this device...',
  offIntro:
    'Get a notification on this device when something changes for your teams, even when the app is closed.',
  turnOn: 'Turn on notifications on this device',
  turningOn: 'Turning on...',
  on: 'Notifications are on for this device.',
  turnOff: 'Turn off on this device',
  turningOff: 'Turning off...',
  turnedOff: 'Notifications are off for this device.',
  blocked:
    "Notifications are blocked for this site. To allow them, open the site's settings in your browser (the icon beside the address), set Notifications to Allow, then come back here and turn them on.",
  notAllowed: 'Notifications were not allowed. Turn them on again to be asked again.',
  failed: 'Could not turn on notifications on this device. Please try again later.',
} as const;

/** A user's subscriptions kept (the newest): more devices than anyone has; an older one is forgotten. */
export const PUSH_DEVICES_PER_USER = 20;
