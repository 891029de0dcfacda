import { isUnderPath, PATHS } from '../../app/paths';
import { isNoAnswer } from '../../lib/api/errors';
import { useAppStore } from '../../lib/store';
import { readStoredAccessToken } from '../../lib/tokenStorage';
import { postSignIn } from './api/signIn';
import { forgetAssumeStudent, isAssumeStudentPath, pendingAssumeStudent } from './assumeStudent';
import { applySignInResult, type SignInOutcome } from './sessionActions';

export type BootstrapOutcome = SignInOutcome | 'skipped';

/**
 * Startup user bootstrap (spec §4): without an in-memory token, restore it from localStorage
 * and sign in again (an expired token is refreshed by the API client's 401 handling) — unless
 * the path is /signout. A failed restore clears the token and rethrows. A form-link sign-in that this tab left before
 * its answer came is finished with the same assumeStudent.
 */
export async function bootstrapSession(pathname: string): Promise<BootstrapOutcome> {
  const store = useAppStore.getState();
  if (store.accessToken || isUnderPath(pathname, PATHS.signOut)) return 'skipped';
  const stored = readStoredAccessToken();
  if (!stored) return 'skipped';
  store.adoptAccessToken(stored);
  try {
    const result = await postSignIn({ assumeStudent: isAssumeStudentPath(pathname) || pendingAssumeStudent(stored) });
    forgetAssumeStudent();
    return applySignInResult(result);
  } catch (error) {
    // No answer at all (offline, or the page is being left mid-request) says nothing about the session: keep it, so
    // leaving a page while it starts, or opening the app offline, does not sign the person out.
    if (!isNoAnswer(error)) {
      forgetAssumeStudent();
      useAppStore.getState().clearSession();
    }
    throw error;
  }
}
