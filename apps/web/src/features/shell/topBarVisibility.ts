import { isUnderPath, PATHS } from '../../app/paths';

export interface TopBarVisibilityInput {
  hasToken: boolean;
  pathname: string;
}

/** Spec §2: the top bar shows with an access token, or anywhere outside /forms (anonymous form visitors see none). */
export function shouldShowTopBar({ hasToken, pathname }: TopBarVisibilityInput): boolean {
  return hasToken || !isUnderPath(pathname, PATHS.forms);
}
