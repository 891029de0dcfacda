import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { CellCycles } from '../../features/placement/components/CellCycles';
import { CYCLE_TABS, type CycleTab, CycleWorkspace } from '../../features/placement/components/CycleWorkspace';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS, toCellCycle, toCycleJoin, toForm } from '../paths';

const TITLE = 'Placement cell';
const isTab = (value: string | null): value is CycleTab => CYCLE_TABS.includes(value as CycleTab);

/** /placement (issue 41): the cell's cycles; `?cycle=` opens one cycle on its `?tab=`. */
export default function PlacementCellPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const [params, setParams] = useSearchParams();
  const cycleId = params.get('cycle') ?? '';
  const tabParam = params.get('tab');
  const tab: CycleTab = isTab(tabParam) ? tabParam : 'overview';
  if (!accessToken) {
    return (
      <Page title={TITLE}>
        <SignInPrompt title="Sign in to run your placement cell" next={PATHS.placementCell} />
      </Page>
    );
  }
  if (cycleId) {
    return (
      <Page title={TITLE} maxWidth={1200}>
        <CycleWorkspace
          cycleId={cycleId}
          tab={tab}
          onTab={(next) => setParams({ cycle: cycleId, tab: next }, { replace: true })}
          joinUrl={(token) => new URL(toCycleJoin(token), window.location.origin).toString()}
          formHref={(openingId) => toForm(openingId)}
          header={(name) => (
            <>
              <Link component={RouterLink} to={PATHS.placementCell}>
                All cycles
              </Link>
              <Typography variant="h2" sx={{ fontSize: '1.5rem', mt: 1, mb: 2 }}>
                {name}
              </Typography>
            </>
          )}
        />
      </Page>
    );
  }
  return (
    <Page title={TITLE} intro="Run the campus season: cycles, students, companies and their openings.">
      <CellCycles cycleHref={(id) => toCellCycle(id)} />
    </Page>
  );
}
