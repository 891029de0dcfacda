import { isOrganizationAccount } from '@placely/contract';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { NotificationPreferencesForm } from '../../features/notifications/components/NotificationPreferencesForm';
import { NotificationsList } from '../../features/notifications/components/NotificationsList';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

const TITLE = 'Notifications';

/** /notifications: the inbox (each item opens its place) and the settings per kind and channel. */
export default function NotificationsPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const accountType = useAppStore((state) => state.user?.accountType ?? null);
  if (!accessToken) {
    return (
      <Page title={TITLE}>
        <SignInPrompt title="Sign in to see your notifications" next={PATHS.notifications} />
      </Page>
    );
  }
  return (
    <Page title={TITLE}>
      <Section title="Inbox">
        <NotificationsList />
      </Section>
      <Section title="Notification settings" description="Choose what reaches you in Placely and by email.">
        <NotificationPreferencesForm forOrganization={isOrganizationAccount(accountType)} />
      </Section>
    </Page>
  );
}
