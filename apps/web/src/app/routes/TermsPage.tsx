import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';
import { SUPPORT_EMAIL } from './ContactPage';

export default function TermsPage() {
  return (
    <Page title="Terms and conditions" maxWidth={800}>
      <Typography sx={{ mb: 3 }}>
        By using Placely you agree to these terms. Please read them; they are short.
      </Typography>
      <Section title="Your account">
        <Typography>
          You sign in with a Google account and are responsible for what happens under it. Choose the account type that
          fits you — student / individual or organization — and keep your details accurate.
        </Typography>
      </Section>
      <Section title="Applying to openings">
        <Typography>
          When you apply with a Quick Apply Form, the details in the form are shared with the organization that posted
          the opening. Check the form before you submit it. Placely does not guarantee any interview, offer or
          placement; hiring decisions belong to the organizations.
        </Typography>
      </Section>
      <Section title="Posting openings">
        <Typography>
          Organizations must post real openings, describe them honestly, and use candidate information only to evaluate
          applications. Do not charge candidates to apply, and follow the laws that apply to hiring where you operate.
        </Typography>
      </Section>
      <Section title="Acceptable use">
        <Typography>
          Do not upload content you do not have the right to share, impersonate others, scrape the service, or try to
          break or overload it. We may suspend accounts that do.
        </Typography>
      </Section>
      <Section title="Changes and contact">
        <Typography>
          We may update these terms as Placely grows and will note significant changes in the app. Questions? Email{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
        </Typography>
      </Section>
    </Page>
  );
}
