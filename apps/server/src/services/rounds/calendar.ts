import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * The calendar side of a booking notification. The payload of every `interview.booked|changed|cancelled`
 * notification carries these fields (written with the notification, in the booking's transaction), and the mail
 * worker turns them into an RFC 5545 attachment when it sends the mail: the invitation says what was true when the
 * change was made, even if the mail goes out later.
 */
export interface CalendarFields {
  icsUid: string;
  icsSequence: string;
  icsMethod: 'REQUEST' | 'CANCEL';
  icsStart: string;
  icsEnd: string;
  icsSummary: string;
  icsLocation: string;
  icsDescription: string;
}

export const hasCalendar = (payload: Record<string, string>) =>
  typeof payload.icsUid === 'string' && (payload.icsMethod === 'REQUEST' || payload.icsMethod === 'CANCEL');

/** UID stable per booking (a change updates the same event; SEQUENCE tells calendars which version is newer). */
export const bookingUid = (bookingId: string) => `${bookingId}@rounds.placely`;

/**
 * The .ics text: METHOD:REQUEST for a booking or change, METHOD:CANCEL (STATUS:CANCELLED) for a cancellation. Times
 * are written in UTC, which every calendar shows in its own zone; the organizer is the sending address, as iTIP
 * requires for a REQUEST.
 */
export function calendarInvitation(
  payload: Record<string, string>,
  organizer: { name: string; email: string },
  url: string,
): string {
  const cancel = payload.icsMethod === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'Placely', product: 'Rounds', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: payload.icsUid ?? '',
    sequence: Number(payload.icsSequence ?? 0),
    start: new Date(payload.icsStart ?? ''),
    end: new Date(payload.icsEnd ?? ''),
    summary: payload.icsSummary ?? '',
    location: payload.icsLocation || null,
    description: payload.icsDescription || null,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer,
    url,
  });
  return calendar.toString();
}

/** The sending address from a From header ("Placely <no-reply@…>" or a bare address). */
export function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match?.[1] ?? from).trim();
}
