import Alert from '@mui/material/Alert';
import { isOrganizationAccount } from '@placely/contract';
import type { ReactNode } from 'react';
import { Page } from '../../../lib/components/Page';
import { useAppStore } from '../../../lib/store';

/** The frame of a student section page: asks visitors to sign in, and organizations where their pages are. */
export function StudentSectionPage({
  title,
  intro,
  signInPrompt,
  children,
}: {
  title: string;
  intro: string;
  signInPrompt: ReactNode;
  children: ReactNode;
}) {
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  const user = useAppStore((state) => state.user);
  return (
    <Page title={title} intro={signedIn ? intro : undefined}>
      {!signedIn ? (
        signInPrompt
      ) : user && isOrganizationAccount(user.accountType) ? (
        <Alert severity="info">This page is for student and individual accounts.</Alert>
      ) : (
        children
      )}
    </Page>
  );
}
