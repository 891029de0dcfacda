import { isKnownAccountType, type SignInResult } from '@placely/contract';
import { useAppStore } from '../../lib/store';

export type SignInOutcome = 'complete' | 'selectAccountType';

/**
 * Applies the POST /api/user/signIn result (spec §4): a known account type stores user,
 * profile, education and portfolios; otherwise name, photo and email are kept for /selectaccounttype.
 */
export function applySignInResult(result: SignInResult): SignInOutcome {
  const store = useAppStore.getState();
  const user = result.body;
  if (isKnownAccountType(user.accountType)) {
    store.setSession({
      user,
      profile: result.profile ?? null,
      education: result.education ?? [],
      portfolios: result.portfolios ?? [],
    });
    return 'complete';
  }
  store.setPendingIdentity({ name: user.name, email: user.email, photo: user.photo });
  return 'selectAccountType';
}
