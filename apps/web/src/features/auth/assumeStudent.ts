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
