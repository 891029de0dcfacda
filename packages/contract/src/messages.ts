/** User-facing texts fixed by the product spec (§4, §8). Keep them verbatim. */
export const MESSAGES = {
  accountTypeDoesNotExist: 'Account type does not exist!',
  unexpectedError: 'Oops! An unexpected error occurred. Please try again later.',
} as const;

/** Human messages for sign-in popup failures (spec §8: shown through the generic banner). */
export const SIGN_IN_FAILURE_MESSAGES = {
  popupBlocked: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  popupClosed: 'The sign-in window was closed before sign-in finished.',
  cancelled: 'Sign-in was cancelled.',
  unauthorizedDomain: 'Sign-in is not allowed from this address.',
  networkFailed: 'Sign-in failed because the network is unavailable. Check your connection and try again.',
  expired: 'The sign-in attempt expired. Please try again.',
  emailNotVerified: 'Your Google account email is not verified, so it cannot be used to sign in.',
  failed: 'Sign-in could not be completed. Please try again.',
} as const;
export type SignInFailure = keyof typeof SIGN_IN_FAILURE_MESSAGES;
