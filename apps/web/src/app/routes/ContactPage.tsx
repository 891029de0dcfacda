import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConfig } from '../../lib/api/config';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';

export const SUPPORT_EMAIL = 'support@placely.app';

export default function ContactPage() {
  const config = useConfig();
  const helpUrl = config.data?.helpUrl;
  const feedbackUrl = config.data?.feedbackUrl;
  return (
    <Page title="Contact us" maxWidth={800}>
      <Typography sx={{ mb: 3 }}>
        We read every message. Students, recruiters and placement teams can reach us the same way.
      </Typography>
      <Section title="Email">
        <Typography>
          Write to{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}`} sx={{ fontWeight: 500 }}>
            {SUPPORT_EMAIL}
          </Link>
          . We usually answer within two working days.
        </Typography>
      </Section>
      <Section title="Help and feedback">
        <Stack spacing={1}>
          {helpUrl && (
            <Typography>
              Find answers to common questions in the{' '}
              <Link href={helpUrl} target="_blank" rel="noopener noreferrer">
                Help centre
              </Link>
              .
            </Typography>
          )}
          {feedbackUrl && (
            <Typography>
              Tell us what to improve with the{' '}
              <Link href={feedbackUrl} target="_blank" rel="noopener noreferrer">
                feedback form
              </Link>
              .
            </Typography>
          )}
          {!helpUrl && !feedbackUrl && (
            <Typography>Email us for help with your account, openings or Quick Apply Forms.</Typography>
          )}
        </Stack>
      </Section>
      <Section title="Organizations">
        <Typography>
          Hiring on campus or running a placement cell? Email us with your organization’s name and we will help you set
          up openings and groups.
        </Typography>
      </Section>
    </Page>
  );
}
