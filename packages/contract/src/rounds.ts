import { emailSchema, isoDateSchema, optionalUrl, requiredText, trimmed } from './common';
import * as z from './zod';

/**
 * Interviews and rounds (issue 42). A stage of an opening can be a round: slots on panels that candidates book
 * (or are allotted), attendance, scorecards, and personal links for outside interviewers.
 */
export const ROUND_KINDS = ['test', 'groupDiscussion', 'interview', 'other'] as const;
export const ROUND_KIND_LABELS: Record<(typeof ROUND_KINDS)[number], string> = {
  test: 'Test',
  groupDiscussion: 'Group discussion',
  interview: 'Interview',
  other: 'Other',
};
export const ROUND_MODES = ['onCampus', 'online', 'phone'] as const;
export const ROUND_MODE_LABELS: Record<(typeof ROUND_MODES)[number], string> = {
  onCampus: 'On campus',
  online: 'Online',
  phone: 'Phone',
};
export const ROUND_ASSIGNMENTS = ['self', 'allot'] as const;
export const ATTENDANCE = ['present', 'absent', 'late'] as const;
export type Attendance = (typeof ATTENDANCE)[number];
export const RECOMMENDATIONS = ['strongNo', 'no', 'yes', 'strongYes'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  strongNo: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strongYes: 'Strong yes',
};
/** A recommendation as a 1–5 score for the ranking (strong no 1, no 2, yes 4, strong yes 5). */
export const RECOMMENDATION_SCORES: Record<Recommendation, number> = { strongNo: 1, no: 2, yes: 4, strongYes: 5 };

export const ROUND_LIMITS = {
  nameLength: 80,
  venueLength: 200,
  notesLength: 5000,
  reasonLength: 500,
  maxCriteria: 12,
  maxPanels: 30,
  maxPanelists: 10,
  maxCapacity: 500,
  /** Slots one generation may create. */
  maxGenerated: 600,
  maxSlotsPerRound: 3000,
  minDurationMinutes: 5,
  maxDurationMinutes: 480,
  maxCutoffHours: 720,
  defaultLinkDays: 7,
  maxLinkDays: 60,
  /** Reminders go this long before a booked slot. */
  reminderOffsetsMinutes: { dayBefore: 24 * 60, hourBefore: 60 },
} as const;

export const ROUND_MESSAGES = {
  saved: 'Round saved',
  panelAdded: 'Panel added',
  slotAdded: 'Slot added',
  generated: (n: number) => `${n} slot${n === 1 ? '' : 's'} created`,
  booked: 'Slot booked. A calendar invitation is on its way.',
  rescheduled: 'Booking moved. Your calendar invitation is updated.',
  cancelled: 'Booking cancelled',
  slotFull: 'Sorry, this slot was just taken. Please choose another one.',
  notOpen: 'Booking for this round is not open.',
  pastCutoff: (hours: number) => `Bookings can no longer be changed within ${hours} hours of the slot.`,
  clash: 'You have another round booked at this time.',
  allotted: (n: number, left: number) =>
    `${n} candidate${n === 1 ? '' : 's'} allotted${left > 0 ? `; ${left} could not be placed (no free slot without a clash)` : ''}`,
  reminded: (n: number) => `${n} candidate${n === 1 ? '' : 's'} reminded`,
  attendance: 'Attendance saved',
  scorecard: 'Scorecard submitted',
  changeRequested: 'Change requested. The organization will get back to you.',
  moved: (n: number) => `${n} candidate${n === 1 ? '' : 's'} moved`,
  linkCreated: 'Link created. Copy it now: it is shown only once.',
  linkRevoked: 'Link revoked',
} as const;

/** A real IANA time zone (Intl knows it). */
export const isTimeZone = (value: string) => {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$|^UTC$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'Not a time zone (use a name such as Asia/Kolkata)');
const instant = z.iso.datetime({ offset: true, message: 'Use an ISO date and time with its offset' });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 09:00');
const uuid = (what: string) => z.uuid(`Not a ${what} id`);

export const roundCriterionSchema = z.object({ id: z.string(), name: z.string() });
export type RoundCriterion = z.infer<typeof roundCriterionSchema>;

export const roundSettingsBodySchema = z.strictObject({
  openingId: uuid('opening'),
  stageId: uuid('stage'),
  kind: z.enum(ROUND_KINDS),
  mode: z.enum(ROUND_MODES),
  durationMinutes: z.number().int().min(ROUND_LIMITS.minDurationMinutes).max(ROUND_LIMITS.maxDurationMinutes),
  venue: trimmed(ROUND_LIMITS.venueLength).nullish(),
  meetingLink: optionalUrl,
  bookingOpensAt: instant,
  bookingClosesAt: instant,
  rescheduleCutoffHours: z.number().int().min(0).max(ROUND_LIMITS.maxCutoffHours),
  assignment: z.enum(ROUND_ASSIGNMENTS),
  criteria: z.array(requiredText(ROUND_LIMITS.nameLength)).max(ROUND_LIMITS.maxCriteria),
});
export type RoundSettingsBody = z.input<typeof roundSettingsBodySchema>;

export const panelistInputSchema = z.strictObject({ email: emailSchema, name: requiredText(ROUND_LIMITS.nameLength) });
export const panelBodySchema = z.strictObject({
  roundId: uuid('round'),
  name: requiredText(ROUND_LIMITS.nameLength),
  panelists: z.array(panelistInputSchema).min(1, 'Add at least one panelist').max(ROUND_LIMITS.maxPanelists),
});

export const slotBodySchema = z.strictObject({
  roundId: uuid('round'),
  panelId: uuid('panel'),
  startsAt: instant,
  timeZone: timeZoneSchema,
  capacity: z.number().int().min(1, 'Capacity must be at least 1').max(ROUND_LIMITS.maxCapacity),
  venue: trimmed(ROUND_LIMITS.venueLength).nullish(),
  meetingLink: optionalUrl,
});

export const generateSlotsBodySchema = z.strictObject({
  roundId: uuid('round'),
  panelIds: z.array(uuid('panel')).min(1, 'Choose at least one panel').max(ROUND_LIMITS.maxPanels),
  date: isoDateSchema,
  timeZone: timeZoneSchema,
  from: clock,
  to: clock,
  /** Minutes per slot (the round's duration when left out). */
  slotMinutes: z.number().int().min(ROUND_LIMITS.minDurationMinutes).max(ROUND_LIMITS.maxDurationMinutes).optional(),
  capacity: z.number().int().min(1, 'Capacity must be at least 1').max(ROUND_LIMITS.maxCapacity),
  breaks: z.array(z.strictObject({ from: clock, to: clock })).max(10),
});
export type GenerateSlotsBody = z.input<typeof generateSlotsBodySchema>;

/** "09:30" → 570. */
export const clockMinutes = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
/** "570" → "09:30". */
export const minutesClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/**
 * The generator's one rule, shared by the server (which makes the slots) and the editor's preview: slot starts
 * (minutes after midnight, wall clock) every `step` minutes from `from` while a whole slot fits before `to`, skipping
 * any slot that touches a break. Empty when the day or a break ends before it starts.
 */
export function slotStartMinutes(input: {
  from: string;
  to: string;
  step: number;
  breaks: readonly { from: string; to: string }[];
}): number[] {
  const from = clockMinutes(input.from);
  const to = clockMinutes(input.to);
  const breaks = input.breaks.map((b) => ({ start: clockMinutes(b.from), end: clockMinutes(b.to) }));
  if (to <= from || input.step <= 0 || breaks.some((b) => b.end <= b.start)) return [];
  const starts: number[] = [];
  for (let start = from; start + input.step <= to; start += input.step) {
    if (breaks.some((b) => start < b.end && b.start < start + input.step)) continue;
    starts.push(start);
  }
  return starts;
}

export const roundIdQuerySchema = z.strictObject({ roundId: uuid('round') });
export const roundsQuerySchema = z.strictObject({ openingId: uuid('opening') });
export const dayQuerySchema = z.strictObject({ roundId: uuid('round'), date: isoDateSchema, timeZone: timeZoneSchema });
export const bookBodySchema = z.strictObject({ roundId: uuid('round'), slotId: uuid('slot') });
export const rescheduleBodySchema = z.strictObject({ bookingId: uuid('booking'), slotId: uuid('slot') });
export const bookingIdQuerySchema = z.strictObject({ bookingId: uuid('booking') });
export const changeRequestBodySchema = z.strictObject({
  bookingId: uuid('booking'),
  reason: requiredText(ROUND_LIMITS.reasonLength),
});
export const attendanceBodySchema = z.strictObject({ bookingId: uuid('booking'), attendance: z.enum(ATTENDANCE) });
export const scorecardBodySchema = z.strictObject({
  roundId: uuid('round'),
  applicationId: uuid('application'),
  /** Criterion id → 1–5, every criterion of the round. */
  ratings: z.record(z.string().max(64), z.number().int().min(1, 'From 1').max(5, 'To 5')),
  recommendation: z.enum(RECOMMENDATIONS),
  notes: trimmed(ROUND_LIMITS.notesLength).default(''),
});
export type ScorecardBody = z.input<typeof scorecardBodySchema>;
export const panelScorecardBodySchema = scorecardBodySchema
  .omit({ roundId: true })
  .extend({ link: z.string().max(100) });
export const scorecardsQuerySchema = z.strictObject({ roundId: uuid('round'), applicationId: uuid('application') });
export const roundMoveBodySchema = z.strictObject({
  roundId: uuid('round'),
  toStageId: uuid('stage'),
  /** Candidates whose every submitted scorecard says one of these (and at least one was submitted). */
  recommendations: z.array(z.enum(RECOMMENDATIONS)).min(1).max(4),
});
export const panelLinkBodySchema = z.strictObject({
  panelistId: uuid('panelist'),
  expiresInDays: z.number().int().min(1).max(ROUND_LIMITS.maxLinkDays).default(ROUND_LIMITS.defaultLinkDays),
});
export const panelLinkIdQuerySchema = z.strictObject({ linkId: uuid('link') });
export const panelLinkQuerySchema = z.strictObject({ link: z.string().min(1).max(100) });
export const moveBookingBodySchema = z.strictObject({ bookingId: uuid('booking'), slotId: uuid('slot') });

// ---------------------------------------------------------------- responses

export const panelistSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  outside: z.boolean(),
});
export const panelSchema = z.object({ id: z.string(), name: z.string(), panelists: z.array(panelistSchema) });
export const slotSchema = z.object({
  id: z.string(),
  panelId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  capacity: z.number(),
  seatsTaken: z.number(),
  venue: z.string().nullable(),
  meetingLink: z.string().nullable(),
});
export type Slot = z.infer<typeof slotSchema>;

export const roundSchema = z
  .object({
    id: z.string(),
    openingId: z.string(),
    stageName: z.string(),
    kind: z.enum(ROUND_KINDS),
    mode: z.enum(ROUND_MODES),
    durationMinutes: z.number(),
    venue: z.string().nullable(),
    meetingLink: z.string().nullable(),
    bookingOpensAt: z.string(),
    bookingClosesAt: z.string(),
    rescheduleCutoffHours: z.number(),
    assignment: z.enum(ROUND_ASSIGNMENTS),
    criteria: z.array(roundCriterionSchema),
    panels: z.array(panelSchema),
    slots: z.number(),
    abilities: z.object({ manage: z.boolean(), score: z.boolean() }),
  })
  .meta({ id: 'Round' });
export type Round = z.infer<typeof roundSchema>;
export const roundListSchema = z.object({ items: z.array(roundSchema) });

export const dayBookingSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  candidateName: z.string(),
  attendance: z.enum(ATTENDANCE).nullable(),
  /** The recommendations of submitted scorecards the caller may see. */
  recommendations: z.array(z.enum(RECOMMENDATIONS)),
  changeRequested: z.string().nullable(),
});
export const daySlotSchema = slotSchema.extend({ bookings: z.array(dayBookingSchema) });
export const dayViewSchema = z
  .object({
    roundId: z.string(),
    date: z.string(),
    timeZone: z.string(),
    panels: z.array(panelSchema),
    slots: z.array(daySlotSchema),
    /** Candidates in the stage with no live booking. */
    notBooked: z.array(z.object({ applicationId: z.string(), candidateName: z.string() })),
    waiting: z.array(
      z.object({ bookingId: z.string(), applicationId: z.string(), candidateName: z.string(), reason: z.string() }),
    ),
    abilities: z.object({ manage: z.boolean(), mark: z.boolean() }),
  })
  .meta({ id: 'RoundDay' });
export type RoundDay = z.infer<typeof dayViewSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  slot: slotSchema.omit({ seatsTaken: true, capacity: true }),
  status: z.enum(['booked', 'cancelled']),
  sequence: z.number(),
  changeRequested: z.boolean(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const myRoundSchema = z.object({
  roundId: z.string(),
  openingTitle: z.string(),
  organizationName: z.string(),
  stageName: z.string(),
  kind: z.enum(ROUND_KINDS),
  mode: z.enum(ROUND_MODES),
  durationMinutes: z.number(),
  bookingOpensAt: z.string(),
  bookingClosesAt: z.string(),
  rescheduleCutoffHours: z.number(),
  assignment: z.enum(ROUND_ASSIGNMENTS),
  booking: bookingSchema.nullable(),
  /** Free slots the candidate may book now (public details only). */
  openSlots: z.array(slotSchema.omit({ seatsTaken: true, capacity: true }).extend({ seatsLeft: z.number() })),
});
export type MyRound = z.infer<typeof myRoundSchema>;
export const myRoundsSchema = z.object({ items: z.array(myRoundSchema) }).meta({ id: 'MyRounds' });

export const scorecardSchema = z.object({
  id: z.string(),
  panelistName: z.string(),
  ratings: z.record(z.string(), z.number()),
  recommendation: z.enum(RECOMMENDATIONS),
  notes: z.string(),
  submittedAt: z.string(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;
export const scorecardsSchema = z
  .object({
    criteria: z.array(roundCriterionSchema),
    mine: scorecardSchema.nullable(),
    /** Other panelists' scorecards: empty until the caller has submitted their own (`hidden` says so). */
    others: z.array(scorecardSchema),
    hidden: z.boolean(),
    abilities: z.object({ submit: z.boolean() }),
  })
  .meta({ id: 'Scorecards' });
export type Scorecards = z.infer<typeof scorecardsSchema>;

export const panelLinkSchema = z.object({
  id: z.string(),
  panelistId: z.string(),
  panelistName: z.string(),
  expiresAt: z.string(),
  state: z.enum(['live', 'expired', 'revoked']),
  views: z.number(),
  lastViewedAt: z.string().nullable(),
  /** Only when just created. */
  url: z.string().nullable(),
});
export type PanelLink = z.infer<typeof panelLinkSchema>;
export const panelLinkListSchema = z.object({ items: z.array(panelLinkSchema) });

export const panelViewSchema = z
  .object({
    panelistName: z.string(),
    openingTitle: z.string(),
    stageName: z.string(),
    criteria: z.array(roundCriterionSchema),
    expiresAt: z.string(),
    slots: z.array(
      slotSchema.omit({ seatsTaken: true }).extend({
        candidates: z.array(
          z.object({
            applicationId: z.string(),
            name: z.string(),
            answers: z.array(z.object({ question: z.string(), answer: z.string() })),
            scorecard: scorecardSchema.nullable(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'PanelView' });
export type PanelView = z.infer<typeof panelViewSchema>;

export const countResultSchema = z.object({ count: z.number(), left: z.number() });
export const roundMoveResultSchema = z.object({ moved: z.number(), bulkMoveId: z.string().nullable() });
