import Typography from '@mui/material/Typography';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';

export default function AboutPage() {
  return (
    <Page title="About us" maxWidth={800}>
      <Typography sx={{ mb: 3 }}>
        Placely is a careers and campus-placement platform. It gives students and working professionals one place to
        keep their profile and resume, and gives organizations a simple way to post openings, collect applications and
        shortlist candidates.
      </Typography>
      <Section title="Quick Apply Forms">
        <Typography>
          Every opening on Placely has a Quick Apply Form. Sign in with Google and the form fills itself in from your
          profile — your education, skills, projects and experience — so applying takes a minute instead of an evening
          of copying the same details into yet another form.
        </Typography>
      </Section>
      <Section title="For organizations">
        <Typography>
          Recruiters and placement teams create openings, share form links, rank and shortlist applicants, and build
          groups of candidates they can reach again. Verification groups let trusted people confirm candidate details,
          so the people you shortlist are who they say they are.
        </Typography>
      </Section>
      <Section title="For campuses">
        <Typography>
          Students link their accounts to their institution, and placement coordinators can follow their students’
          progress across every opening in one place.
        </Typography>
      </Section>
    </Page>
  );
}
