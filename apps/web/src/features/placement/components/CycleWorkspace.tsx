import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useCycle } from '../api/getCycle';
import { CompaniesPanel } from './CompaniesPanel';
import { CorrectionsPanel } from './CorrectionsPanel';
import { CycleOverview } from './CycleOverview';
import { EnrolmentTable } from './EnrolmentTable';
import { EnrolStudents } from './EnrolStudents';
import { NoticesPanel } from './NoticesPanel';
import { OpeningApprovals } from './OpeningApprovals';
import { PolicyPanel } from './PolicyPanel';
import { StatisticsDashboard } from './StatisticsDashboard';

export const CYCLE_TABS = ['overview', 'students', 'companies', 'openings', 'policy', 'dashboard', 'notices'] as const;
export type CycleTab = (typeof CYCLE_TABS)[number];
const TAB_LABELS: Record<CycleTab, string> = {
  overview: 'Overview',
  students: 'Students',
  companies: 'Companies',
  openings: 'Openings',
  policy: 'Policy',
  dashboard: 'Dashboard',
  notices: 'Notices',
};

export interface CycleWorkspaceProps {
  cycleId: string;
  tab: CycleTab;
  onTab: (tab: CycleTab) => void;
  joinUrl: (token: string) => string;
  formHref: (openingId: string) => string;
  /** Rendered above the tabs (the page's way back to the list). */
  header?: (name: string) => ReactNode;
}

/** One cycle for its placement cell: overview and link, students, companies, openings and policy, a tab each. */
export function CycleWorkspace({ cycleId, tab, onTab, joinUrl, formHref, header }: CycleWorkspaceProps) {
  const cycle = useCycle(cycleId);
  if (cycle.isPending) return <CircularProgress aria-label="Loading the cycle" />;
  if (cycle.isError) return <Alert severity="error">This cycle could not be loaded. It may not be yours.</Alert>;
  const data = cycle.data;
  return (
    <>
      {header?.(data.name)}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: CycleTab) => onTab(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Parts of the cycle"
        >
          {CYCLE_TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={TAB_LABELS[value]}
              id={`cycle-tab-${value}`}
              aria-controls="cycle-tab-panel"
            />
          ))}
        </Tabs>
      </Box>
      <div role="tabpanel" id="cycle-tab-panel" aria-labelledby={`cycle-tab-${tab}`}>
        {tab === 'overview' && <CycleOverview cycle={data} joinUrl={joinUrl} />}
        {tab === 'students' && (
          <>
            {data.abilities.manageStudents && <EnrolStudents cycleId={cycleId} />}
            <EnrolmentTable
              cycleId={cycleId}
              institutionId={data.institutionId}
              canManage={data.abilities.manageStudents}
            />
            <CorrectionsPanel cycleId={cycleId} canManage={data.abilities.manageStudents} />
          </>
        )}
        {tab === 'companies' && <CompaniesPanel cycleId={cycleId} canManage={data.abilities.manageCompanies} />}
        {tab === 'openings' && (
          <OpeningApprovals cycleId={cycleId} canManage={data.abilities.manageCompanies} formHref={formHref} />
        )}
        {tab === 'policy' && <PolicyPanel cycleId={cycleId} />}
        {tab === 'dashboard' && <StatisticsDashboard cycleId={cycleId} />}
        {tab === 'notices' && <NoticesPanel cycleId={cycleId} institutionId={data.institutionId} />}
      </div>
    </>
  );
}
