import { isUnderPath, PATHS } from '../../app/paths';

const STUDENT_ENTRY_PATHS = [
  PATHS.forms,
  PATHS.joinGroupLink,
  PATHS.joinVerificationLink,
  PATHS.uploadVideoForTask,
] as const;

/**
 * Following a form link or a group/verification join link makes sign-in treat the
 * user as a student (spec §1): true for /forms, /joinGroupLink, /joinVerificationLink and below, and for a video
 * task's link (/UploadVideoForTask), which candidates follow like a form link.
 */
export function isAssumeStudentPath(pathname: string | null | undefined): boolean {
  if (!pathname) return false;
  const path = pathname.split(/[?#]/)[0] ?? '';
  return STUDENT_ENTRY_PATHS.some((base) => isUnderPath(path, base));
}

/** assumeStudent for a sign-in started on `pathname`, possibly heading to `next`. */
export function shouldAssumeStudent(pathname: string, next?: string | null): boolean {
  return isAssumeStudentPath(pathname) || isAssumeStudentPath(next);
}

/**
 * A sign-in started on a form link sends assumeStudent with its POST /api/user/signIn. When the page is left before
 * that answer (a link followed as soon as the top bar shows the account), the next page of the same tab restores the
 * session with the same intent: kept in sessionStorage under the access token it was for, until an answer comes.
 */
const PENDING_ASSUME_STUDENT_KEY = 'placely.signIn.assumeStudentFor';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** Notes (or, when false, forgets) the sign-in intent for `accessToken` until its account has loaded. */
export function rememberAssumeStudent(accessToken: string, assumeStudent: boolean): void {
  if (assumeStudent) tabStorage()?.setItem(PENDING_ASSUME_STUDENT_KEY, accessToken);
  else forgetAssumeStudent();
}

/** True when this tab's sign-in with `accessToken` asked for assumeStudent and never heard back. */
export function pendingAssumeStudent(accessToken: string): boolean {
  return tabStorage()?.getItem(PENDING_ASSUME_STUDENT_KEY) === accessToken;
}

export function forgetAssumeStudent(): void {
  tabStorage()?.removeItem(PENDING_ASSUME_STUDENT_KEY);
}
