import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { hasAdoptedSignIn } from './popup';
import { useSignIn } from './useSignIn';

/**
 * A click on "Sign in with Google" of a server-rendered page opened the popup before the app had loaded; the app
 * finishes that sign-in (token, account, back to the same page) as if its own button had been clicked.
 */
export function useResumeSignIn(): void {
  const { signIn } = useSignIn();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at startup, for the page the click came from.
  useEffect(() => {
    if (hasAdoptedSignIn()) void signIn({ next: pathname });
  }, []);
}
