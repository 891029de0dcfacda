import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { Circle } from '@placely/contract';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { MembershipJoinPanel } from '../../features/membership/components/MembershipJoinPanel';
import { MyMemberships } from '../../features/membership/components/MyMemberships';
import type { MembershipKind } from '../../features/membership/kinds';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';

/**
 * The page frames every kind of membership circle shares (groups, verification groups): the managers' pages with
 * their tabs, and the join-link pages. The kinds' route files fill them with the shared membership views and their
 * own parts.
 */

const capitalized = (text: string) => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;

/** A managers' page: a sign-in prompt when signed out, `refuse` for accounts that cannot run this kind, else tabs. */
export function MembershipManagerPage({
  kind,
  title,
  intro,
  path,
  refuse,
  children,
}: {
  kind: MembershipKind;
  title: string;
  intro: string;
  path: string;
  /** What to show instead, for signed-in accounts that cannot run this kind (null: they may). */
  refuse?: ReactNode;
  children: ReactNode;
}) {
  const accessToken = useAppStore((state) => state.accessToken);
  if (!accessToken) {
    return (
      <Page title={title}>
        <SignInPrompt title={`Sign in to see ${title.toLowerCase()}`} next={path} />
      </Page>
    );
  }
  if (refuse) return <Page title={title}>{refuse}</Page>;
  const tabs = [
    { to: kind.pages.manage, label: capitalized(kind.words.plural) },
    { to: kind.pages.requests, label: 'Join requests' },
    { to: kind.pages.people, label: 'Members and followers' },
  ];
  return (
    <Page title={title} intro={intro}>
      <Alert severity="info" icon={false} sx={{ mb: 2 }}>
        {tabs.map((tab, index) => (
          <Fragment key={tab.to}>
            {index > 0 && ' · '}
            <Link component={RouterLink} to={tab.to}>
              {tab.label}
            </Link>
          </Fragment>
        ))}
      </Alert>
      {children}
    </Page>
  );
}

/** `/join…Link/{id}`: a circle anyone can open; `/join…Link`: the circles you are in (with `header` above). */
export function MembershipJoinLinkPage<C extends Circle>({
  kind,
  groupId,
  notice,
  header,
}: {
  kind: MembershipKind<C>;
  groupId: string | undefined;
  notice?: (circle: C) => ReactNode;
  header?: ReactNode;
}) {
  const location = useLocation();
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  const { noun, plural } = kind.words;
  if (groupId) {
    const prompt = (
      <SignInPrompt
        title="Sign in to join"
        description={`Sign in with Google to join or follow this ${noun}. New accounts start as students.`}
        next={location.pathname}
      />
    );
    return (
      <MembershipJoinPanel
        kind={kind}
        groupId={groupId}
        signedIn={signedIn}
        signInSlot={prompt}
        {...(notice ? { notice } : {})}
      />
    );
  }
  return (
    <Page title={`Your ${plural}`} intro={kind.words.joinedIntro}>
      {signedIn ? (
        <>
          {header}
          <MyMemberships kind={kind} />
        </>
      ) : (
        <SignInPrompt title={`Sign in to see your ${plural}`} next={kind.joinLink('')} />
      )}
    </Page>
  );
}
