import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';
import { SUPPORT_EMAIL } from './ContactPage';

export default function PrivacyPolicyPage() {
  return (
    <Page title="Privacy policy" maxWidth={800}>
      <Typography sx={{ mb: 3 }}>
        This policy explains what Placely collects, why, and the choices you have. Placely is a careers and
        campus-placement platform; we only use your information to help you find and fill openings.
      </Typography>
      <Section title="What we collect">
        <Typography component="div">
          <ul>
            <li>Your Google account name, email address and photo when you sign in.</li>
            <li>What you add to your profile: phone numbers, education, skills, projects, experience and more.</li>
            <li>Your applications, including answers you give in Quick Apply Forms and files you upload.</li>
            <li>For organizations: the organization profile, openings, groups and shortlists you create.</li>
            <li>Basic technical logs (such as request times and errors) to keep the service secure and running.</li>
          </ul>
        </Typography>
      </Section>
      <Section title="How we use it">
        <Typography>
          We use your information to run your account, fill in forms for you, share your application with the
          organization you apply to, let verification groups confirm your details when you join them, and keep Placely
          secure. We do not sell your personal information and we do not show third-party advertising.
        </Typography>
      </Section>
      <Section title="Who can see it">
        <Typography>
          Organizations see the details you submit when you apply to their openings. Your portfolio is visible to others
          only when you make it public or share its link. Groups and verification groups you join can see your
          membership.
        </Typography>
      </Section>
      <Section title="Cookies and storage">
        <Typography>
          We use one secure, HTTP-only cookie to keep you signed in, and your browser’s local storage to hold your
          current session token. We do not use tracking cookies.
        </Typography>
      </Section>
      <Section title="Your choices">
        <Typography>
          You can edit your profile at any time, remove phone numbers and other entries, and sign out on any device. To
          delete your account or get a copy of your data, email{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
        </Typography>
      </Section>
    </Page>
  );
}
