/** Every route path of the app (spec §2). Nothing else hard-codes a path. */
export const PATHS = {
  home: '/',
  signIn: '/signin',
  signOut: '/signout',
  selectAccountType: '/selectaccounttype',
  aboutUs: '/aboutus',
  contactUs: '/contactus',
  privacyPolicy: '/privacypolicy',
  termsAndConditions: '/termsandconditions',
  shortlisting: '/shortlisting',
  watch: '/watch',
  uploadVideoForTask: '/UploadVideoForTask',
  /** An outside interviewer's page of a round, through their personal link (issue 42; not in the spec's table). */
  roundPanel: '/rounds/panel',
  viewer: '/viewer',
  forms: '/forms',
  joinGroupLink: '/joinGroupLink',
  joinVerificationLink: '/joinVerificationLink',
  /** The notifications inbox and settings (issue #15; not in the spec's route table). */
  notifications: '/notifications',
  /** Team invitations to accept or decline, and the people of the organization acted for (issue 40). */
  team: '/team',
  /** The placement cell's cycles (issue 41; not in the spec's route table): `?cycle=&tab=` opens one. */
  placementCell: '/placement',
  /** A cycle's self-enrolment link: `?token=`. */
  placementJoin: '/placement/join',
  organization: {
    profile: '/organization/profile',
    createOpening: '/organization/createOpening',
    openings: '/organization/openings',
    groups: '/organization/groups',
    groupRequests: '/organization/grouprequests',
    groupFollowers: '/organization/groupfollowers',
    verifications: '/organization/verifications',
    verificationRequests: '/organization/verificationrequests',
    verificationFollowers: '/organization/verificationfollowers',
    /** The audit trail (owners); not in the spec's route table, added with organization teams. */
    activity: '/organization/activity',
    /** The day view of a round (issue 42; not in the spec's route table). */
    roundDay: '/organization/rounds/day',
    /** The placement cycles a company recruits in (issue 41; not in the spec's route table). */
    campus: '/organization/campus',
  },
  student: {
    profile: '/student/profile',
    education: '/student/education',
    skills: '/student/skills',
    projects: '/student/projects',
    experience: '/student/experience',
    others: '/student/others',
    placements: '/student/placements',
    /** The candidate's interviews and rounds (issue 42; not in the spec's route table). */
    interviews: '/student/interviews',
    /** The student's placement cycles (issue 41; not in the spec's route table): `?cycle=` opens one. */
    cycles: '/student/cycles',
  },
} as const;

/** Router patterns for the routes with optional ids. */
export const ROUTE_PATTERNS = {
  viewer: `${PATHS.viewer}/:portfolioId?`,
  forms: `${PATHS.forms}/:openingId?`,
  joinGroupLink: `${PATHS.joinGroupLink}/:groupId?`,
  joinVerificationLink: `${PATHS.joinVerificationLink}/:verificationGroupId?`,
  notFound: '*',
} as const;

const withId = (base: string, id?: string | number | null) =>
  id === undefined || id === null || id === '' ? base : `${base}/${encodeURIComponent(String(id))}`;

export const toViewer = (portfolioId?: string | null) => withId(PATHS.viewer, portfolioId);
export const toForm = (openingId?: string | number | null) => withId(PATHS.forms, openingId);
/** The edit view of the signed-in person's application to an opening. */
export const toFormEdit = (openingId: string) => `${toForm(openingId)}?edit=1`;
/** /UploadVideoForTask?task= and /watch?answer= (top-level pages; the id rides in the query like the spec's links). */
export const toUploadVideoForTask = (taskId: string) =>
  `${PATHS.uploadVideoForTask}?${new URLSearchParams({ task: taskId })}`;
export const toWatch = (answerId: string) => `${PATHS.watch}?${new URLSearchParams({ answer: answerId })}`;
export const toJoinGroupLink = (groupId?: string | number | null) => withId(PATHS.joinGroupLink, groupId);
export const toJoinVerificationLink = (verificationGroupId?: string | number | null) =>
  withId(PATHS.joinVerificationLink, verificationGroupId);

/** The day view of a round on a day (YYYY-MM-DD). */
export const toRoundDay = (roundId: string, date?: string) =>
  `${PATHS.organization.roundDay}?${new URLSearchParams(date ? { round: roundId, date } : { round: roundId })}`;

/** The opening editor for a saved opening. */
export const toEditOpening = (openingId: string) =>
  `${PATHS.organization.createOpening}?${new URLSearchParams({ id: openingId })}`;

/**
 * The responses view of an opening (`?opening=`), optionally with one application open (`&application=`) and one
 * of its files downloading (`&file=`): the server writes these links into the export's file cells.
 */
export function toOpeningResponses(openingId: string, applicationId?: string | null, fileId?: string | null): string {
  const query = new URLSearchParams({ opening: openingId });
  if (applicationId) query.set('application', applicationId);
  if (applicationId && fileId) query.set('file', fileId);
  return `${PATHS.organization.openings}?${query}`;
}

/** The sign-in page, coming back to `next` afterwards. */
export function toSignIn(next?: string | null): string {
  return next && isSafeNextPath(next) && next !== PATHS.signIn
    ? `${PATHS.signIn}?next=${encodeURIComponent(next)}`
    : PATHS.signIn;
}

/** Only same-site absolute paths are accepted as a `?next=` target. */
export function isSafeNextPath(next: string | null | undefined): next is string {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');
}

/** True when `pathname` is `base` or below it. Case-insensitive, like the router. */
export function isUnderPath(pathname: string, base: string): boolean {
  const path = pathname.toLowerCase();
  const root = base.toLowerCase();
  if (root === '/') return path === '/';
  return path === root || path.startsWith(`${root}/`);
}

/** Paths inside the shared layout (spec §2, first table): they show the navigation menu. */
export function isSharedLayoutPath(pathname: string): boolean {
  return (
    isUnderPath(pathname, PATHS.home) ||
    isUnderPath(pathname, PATHS.team) ||
    isUnderPath(pathname, PATHS.placementCell) ||
    // Signed in, the organization's pipelines (the shared-link view is for signed-out visitors, who have no menu).
    isUnderPath(pathname, PATHS.shortlisting) ||
    pathname.toLowerCase().startsWith('/organization/') ||
    pathname.toLowerCase().startsWith('/student/') ||
    isUnderPath(pathname, PATHS.joinGroupLink) ||
    isUnderPath(pathname, PATHS.joinVerificationLink)
  );
}

/** A cycle of the placement cell, on one of its tabs. */
export const toCellCycle = (cycleId: string, tab?: string) =>
  `${PATHS.placementCell}?${new URLSearchParams({ cycle: cycleId, ...(tab ? { tab } : {}) })}`;
/** The self-enrolment link of a cycle. */
export const toCycleJoin = (token: string) => `${PATHS.placementJoin}?${new URLSearchParams({ token })}`;
/** A student's view of one of their cycles. */
export const toStudentCycle = (cycleId: string) => `${PATHS.student.cycles}?${new URLSearchParams({ cycle: cycleId })}`;
