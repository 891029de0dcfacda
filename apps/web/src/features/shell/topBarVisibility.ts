import { isUnderPath, PATHS } from '../../app/paths';

export interface TopBarVisibilityInput {
  hasToken: boolean;
  pathname: string;
}

/**
 * Spec §2: the top bar shows with an access token, or anywhere outside /forms and /shortlisting (anonymous form
 * visitors and people opening a shared shortlist see none).
 */
export function shouldShowTopBar({ hasToken, pathname }: TopBarVisibilityInput): boolean {
  return hasToken || !(isUnderPath(pathname, PATHS.forms) || isUnderPath(pathname, PATHS.shortlisting));
}
