import type { ComponentProps } from 'react';
import { CalendarPage } from '../features/calendar/components/CalendarPage.tsx';
import { useCalendarRsvps } from '../features/rsvp/lib/use-calendar-rsvps.tsx';

/**
 * The #calendar tab, 'Team Calendar', composed here: the calendar's month and the RSVPs given on it
 * (the calendar and rsvp features may not import each other).
 */
export function CalendarScreen(props: Omit<ComponentProps<typeof CalendarPage>, 'useRsvps'>) {
  return <CalendarPage {...props} useRsvps={useCalendarRsvps} />;
}
