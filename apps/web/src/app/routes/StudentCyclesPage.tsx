import Link from '@mui/material/Link';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { MyCycles } from '../../features/placement/components/MyCycles';
import { MyCycleView } from '../../features/placement/components/MyCycleView';
import { MyOffers } from '../../features/placement/components/MyOffers';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS, toForm, toStudentCycle } from '../paths';

const TITLE = 'Campus placements';

/** /student/cycles (issue 41): the student's placement cycles; `?cycle=` opens one in full. */
export default function StudentCyclesPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const [params] = useSearchParams();
  const cycleId = params.get('cycle') ?? '';
  if (!accessToken) {
    return (
      <Page title={TITLE}>
        <SignInPrompt title="Sign in to see your placement cycles" next={PATHS.student.cycles} />
      </Page>
    );
  }
  return (
    <Page title={TITLE}>
      <MyOffers />
      {cycleId ? (
        <>
          <Link component={RouterLink} to={PATHS.student.cycles} sx={{ display: 'inline-block', mb: 2 }}>
            All your cycles
          </Link>
          <MyCycleView cycleId={cycleId} formHref={toForm} />
        </>
      ) : (
        <MyCycles cycleHref={toStudentCycle} />
      )}
    </Page>
  );
}
