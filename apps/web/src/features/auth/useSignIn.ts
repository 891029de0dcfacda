import { MESSAGES, SIGN_IN_FAILURE_MESSAGES } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSafeNextPath, PATHS } from '../../app/paths';
import { ApiError, isNoAnswer } from '../../lib/api/errors';
import { showError, showSuccess } from '../../lib/snackbar';
import { useAppStore } from '../../lib/store';
import { postSignIn } from './api/signIn';
import { forgetAssumeStudent, rememberAssumeStudent, shouldAssumeStudent } from './assumeStudent';
import { openSignInPopup, SignInPopupError } from './popup';
import { applySignInResult } from './sessionActions';

export interface SignInOptions {
  /** Where to go after a completed sign-in (e.g. the ?next= of /signin). */
  next?: string | null;
}

function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInPopupError) return error.message;
  if (error instanceof ApiError) {
    return error.code === 'NETWORK_ERROR' ? SIGN_IN_FAILURE_MESSAGES.networkFailed : error.message;
  }
  return MESSAGES.unexpectedError;
}

/**
 * The whole sign-in: popup → token stored → POST /api/user/signIn → known account type
 * completes, unknown goes to /selectaccounttype. Errors go to the error snackbar.
 *
 * The top bar shows the account from the moment the token is stored, so the page may be left (a link, an address)
 * while POST /api/user/signIn is still on its way; the browser then aborts it and it ends with no answer. That says
 * nothing against the session, which the server has already started: the stored token is kept for the next page to
 * restore (with the same assumeStudent), as the startup bootstrap does. Clearing it there signed the person out.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();

  const signIn = useCallback(
    async (options: SignInOptions = {}) => {
      const next = isSafeNextPath(options.next) ? options.next : null;
      const assumeStudent = shouldAssumeStudent(pathname, next);
      // window.open runs synchronously inside openSignInPopup, still within the click.
      const popup = openSignInPopup();
      setPending(true);
      try {
        const token = await popup;
        useAppStore.getState().setAccessToken(token.accessToken);
        rememberAssumeStudent(token.accessToken, assumeStudent);
        const result = await postSignIn({ assumeStudent });
        forgetAssumeStudent();
        // Pages asked the server with the new token while the account was still being settled (e.g. a join page's
        // abilities before the person became an Individual): ask again now that it is. A first fetch still in flight
        // would otherwise be kept (TanStack Query only restarts fetches of queries that already have data), so those
        // are cancelled first.
        await queryClient.cancelQueries();
        void queryClient.invalidateQueries();
        if (applySignInResult(result) === 'selectAccountType') {
          showError(MESSAGES.accountTypeDoesNotExist);
          navigate(PATHS.selectAccountType);
          return;
        }
        if (result.message) showSuccess(result.message);
        if (next) navigate(next, { replace: true });
      } catch (error) {
        if (!(error instanceof SignInPopupError) && !isNoAnswer(error)) {
          forgetAssumeStudent();
          useAppStore.getState().clearSession();
        }
        showError(signInErrorMessage(error));
      } finally {
        setPending(false);
      }
    },
    [navigate, pathname, queryClient],
  );

  return { signIn, pending };
}
