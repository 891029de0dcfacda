import {
  attendanceBodySchema,
  bookBodySchema,
  bookingIdQuerySchema,
  bookingSchema,
  changeRequestBodySchema,
  countResultSchema,
  dayQuerySchema,
  dayViewSchema,
  generateSlotsBodySchema,
  moveBookingBodySchema,
  myRoundsSchema,
  panelBodySchema,
  panelLinkBodySchema,
  panelLinkIdQuerySchema,
  panelLinkListSchema,
  panelLinkQuerySchema,
  panelLinkSchema,
  panelScorecardBodySchema,
  panelViewSchema,
  rescheduleBodySchema,
  roundIdQuerySchema,
  roundListSchema,
  roundMoveBodySchema,
  roundMoveResultSchema,
  roundSchema,
  roundSettingsBodySchema,
  roundsQuerySchema,
  scorecardBodySchema,
  scorecardsQuerySchema,
  scorecardsSchema,
  slotBodySchema,
  slotSchema,
  successEnvelope,
  z,
} from '@placely/contract';

const tags = ['rounds'];
const ACTING_FOR =
  'Acts for the organization named in X-Organization-Id (else the caller’s own). Owners and coordinators manage rounds; panelists mark attendance and score.';
const round = { 200: successEnvelope(roundSchema) };

export const listRoundsSchema = {
  tags,
  summary: `The rounds of an opening in pipeline order. ${ACTING_FOR}`,
  querystring: roundsQuerySchema,
  response: { 200: successEnvelope(roundListSchema) },
};
export const readRoundSchema = {
  tags,
  summary: `One round with its panels and the caller’s abilities. ${ACTING_FOR}`,
  querystring: roundIdQuerySchema,
  response: round,
};
export const saveRoundSchema = {
  tags,
  summary: 'Makes a stage of your own a round (kind, mode, duration, booking window, cut-off, criteria) or changes it',
  body: roundSettingsBodySchema,
  response: round,
};
export const addPanelSchema = {
  tags,
  summary: 'Adds a panel; a panelist whose address is on the team is that person, any other an outside interviewer',
  body: panelBodySchema,
  response: round,
};
export const addSlotSchema = {
  tags,
  summary: 'Adds one slot on a panel (start in the future with its IANA time zone, capacity ≥ 1, no overlap)',
  body: slotBodySchema,
  response: { 200: successEnvelope(slotSchema) },
};
export const generateSlotsSchema = {
  tags,
  summary: 'Generates a day of slots on several panels ("9:00–17:00, 30 min, lunch 13:00–14:00"); all or nothing',
  body: generateSlotsBodySchema,
  response: { 200: successEnvelope(countResultSchema) },
};
export const allotSchema = {
  tags,
  summary: 'Allots every candidate of the stage without a booking: earliest slot, panels evenly, never a clash',
  body: roundIdQuerySchema,
  response: { 200: successEnvelope(countResultSchema) },
};
export const daySchema = {
  tags,
  summary: `The day view: panels × slots, who is booked, waiting on a change, not booked. ${ACTING_FOR}`,
  querystring: dayQuerySchema,
  response: { 200: successEnvelope(dayViewSchema) },
};
export const remindSchema = {
  tags,
  summary: 'Reminds every candidate of the stage who has not booked (once a day each)',
  body: roundIdQuerySchema,
  response: { 200: successEnvelope(countResultSchema) },
};
export const attendanceSchema = {
  tags,
  summary: 'Marks a booked candidate present, absent or late (panelists of the round, owners, coordinators)',
  body: attendanceBodySchema,
  response: { 200: successEnvelope(z.object({ id: z.string(), attendance: z.string() })) },
};
export const moveBookingSchema = {
  tags,
  summary: 'Moves a candidate’s booking to another slot (answers a change request); the calendar event updates',
  body: moveBookingBodySchema,
  response: { 200: successEnvelope(bookingSchema) },
};
export const roundMoveSchema = {
  tags,
  summary: 'Moves every candidate whose submitted scorecards all recommend one of the given values to a stage',
  body: roundMoveBodySchema,
  response: { 200: successEnvelope(roundMoveResultSchema) },
};
export const readScorecardsSchema = {
  tags,
  summary: `The scorecards on one candidate: yours, and the others’ once you submitted yours. ${ACTING_FOR}`,
  querystring: scorecardsQuerySchema,
  response: { 200: successEnvelope(scorecardsSchema) },
};
export const submitScorecardSchema = {
  tags,
  summary: 'Submits (or replaces) your scorecard on a candidate: every criterion 1–5, a recommendation, notes',
  body: scorecardBodySchema,
  response: { 200: successEnvelope(scorecardsSchema) },
};
export const createPanelLinkSchema = {
  tags,
  summary: 'Creates a personal, expiring link for a panelist (an outside interviewer); the URL is shown once',
  body: panelLinkBodySchema,
  response: { 200: successEnvelope(panelLinkSchema) },
};
export const listPanelLinksSchema = {
  tags,
  summary: `The round’s interviewer links with their state and views. ${ACTING_FOR}`,
  querystring: roundIdQuerySchema,
  response: { 200: successEnvelope(panelLinkListSchema) },
};
export const revokePanelLinkSchema = {
  tags,
  summary: 'Revokes an interviewer link (kept with its views for the record)',
  querystring: panelLinkIdQuerySchema,
  response: { 200: successEnvelope(panelLinkSchema) },
};
const PUBLIC = 'Public: the link’s token is the only credential (unknown → 404; revoked or expired → 410).';
export const panelViewRouteSchema = {
  tags,
  summary: `An outside interviewer’s slots, their candidates’ shared details and their own scorecards; the view is recorded. ${PUBLIC}`,
  querystring: panelLinkQuerySchema,
  response: { 200: successEnvelope(panelViewSchema) },
};
export const panelScorecardSchema = {
  tags,
  summary: `An outside interviewer submits their scorecard on a candidate of their slots. ${PUBLIC}`,
  body: panelScorecardBodySchema,
  response: { 200: successEnvelope(panelViewSchema) },
};
export const myRoundsRouteSchema = {
  tags,
  summary: 'Your rounds as a candidate: your booking and, while booking is open, the free slots',
  response: { 200: successEnvelope(myRoundsSchema) },
};
export const bookSchema = {
  tags,
  summary: 'Books a slot of a round you are in (first come; capacity holds under concurrency)',
  body: bookBodySchema,
  response: { 200: successEnvelope(bookingSchema) },
};
export const rescheduleSchema = {
  tags,
  summary: 'Moves your booking to another slot, until the round’s cut-off',
  body: rescheduleBodySchema,
  response: { 200: successEnvelope(bookingSchema) },
};
export const cancelSchema = {
  tags,
  summary: 'Cancels your booking, until the round’s cut-off',
  querystring: bookingIdQuerySchema,
  response: { 200: successEnvelope(bookingSchema) },
};
export const changeRequestSchema = {
  tags,
  summary: 'Asks the organization to move your (allotted) booking, with a reason',
  body: changeRequestBodySchema,
  response: { 200: successEnvelope(bookingSchema) },
};
