import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isKnownAccountType, isOrganizationAccount } from '@placely/contract';
import { Link as RouterLink } from 'react-router';
import { SignInButton } from '../../features/auth/components/SignInButton';
import { OpeningsFeed } from '../../features/quickApply/components/OpeningsFeed';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

interface Shortcut {
  title: string;
  description: string;
  to: string;
}

const STUDENT_SHORTCUTS: Shortcut[] = [
  { title: 'Profile', description: 'Your account details and phone numbers.', to: PATHS.student.profile },
  { title: 'Education', description: 'Schools, degrees and grades.', to: PATHS.student.education },
  { title: 'Skills', description: 'What you are good at.', to: PATHS.student.skills },
  { title: 'Projects', description: 'Things you have built.', to: PATHS.student.projects },
  { title: 'Experience', description: 'Internships and jobs.', to: PATHS.student.experience },
  { title: 'Others', description: 'Certifications and achievements.', to: PATHS.student.others },
  { title: 'Placements', description: 'Placements you have had.', to: PATHS.student.placements },
  { title: 'Your applications', description: 'Openings you applied to, with their status.', to: PATHS.forms },
];

const ORGANIZATION_SHORTCUTS: Shortcut[] = [
  { title: 'Profile', description: 'How candidates see your organization.', to: PATHS.organization.profile },
  { title: 'Openings', description: 'Post openings and follow applicants.', to: PATHS.organization.openings },
];

function ShortcutGrid({ items, level = 'h2' }: { items: Shortcut[]; level?: 'h2' | 'h3' }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Grid key={item.to} size={{ xs: 12, sm: 6, md: 4 }} component="li">
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={item.to} sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="h2" component={level} sx={{ fontSize: '1.125rem' }}>
                    {item.title}
                  </Typography>
                  <ArrowForwardIcon color="primary" fontSize="small" aria-hidden="true" />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {item.description}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function Landing() {
  return (
    <Page title="Home" heading="Your next opportunity, one form away" maxWidth={880}>
      <Stack spacing={3}>
        <Typography variant="h2" component="p" sx={{ fontSize: '1.25rem', fontWeight: 400, color: 'text.secondary' }}>
          Placely connects students and professionals with organizations hiring on campus and beyond.
        </Typography>
        <Box>
          <SignInButton size="large" />
        </Box>
        <Grid container spacing={2}>
          {[
            {
              title: 'For students',
              text: 'Keep one profile with your education, skills, projects and experience, and apply to openings with Quick Apply Forms that fill themselves in.',
            },
            {
              title: 'For organizations',
              text: 'Post openings, collect applications, shortlist and rank candidates, and reach groups of students through shareable links.',
            },
            {
              title: 'For campuses',
              text: 'Institutions and verification groups help confirm candidate details so recruiters can trust what they read.',
            },
          ].map((item) => (
            <Grid key={item.title} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                    {item.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {item.text}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Stack>
    </Page>
  );
}

export default function HomePage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);

  if (!accessToken) return <Landing />;
  if (!user || !isKnownAccountType(user.accountType)) {
    return (
      <Page title="Home" heading="Welcome to Placely">
        <Typography color="text.secondary">Loading your account…</Typography>
      </Page>
    );
  }
  const organization = isOrganizationAccount(user.accountType);
  const firstName = user.name.split(' ')[0] || user.name;
  return (
    <Page
      title="Home"
      heading={`Welcome, ${firstName}`}
      intro={
        organization
          ? 'Keep your organization profile current and manage your openings.'
          : 'Find an opening and apply. Your profile fills in Quick Apply Forms for you.'
      }
    >
      {organization ? (
        <ShortcutGrid items={ORGANIZATION_SHORTCUTS} />
      ) : (
        <Stack spacing={5}>
          <OpeningsFeed userId={user.userId} />
          <Box component="section" aria-labelledby="shortcuts-heading">
            <Typography variant="h5" component="h2" id="shortcuts-heading" sx={{ mb: 2 }}>
              Your profile
            </Typography>
            <ShortcutGrid items={STUDENT_SHORTCUTS} level="h3" />
          </Box>
        </Stack>
      )}
    </Page>
  );
}
