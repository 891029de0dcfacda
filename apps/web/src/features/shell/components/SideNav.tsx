import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import type { NavItem } from '../navItems';

export const SIDE_NAV_WIDTH = 232;

// The links (MUI's List, ListItemButton, ListItemText) load with the first page that shows the column: a form link,
// which never does, goes without them. The column keeps its width meanwhile, so the page beside it does not move.
const NavList = lazy(() => import('./NavMenu').then((module) => ({ default: module.NavList })));

/** The account-type menu as a left column on medium and larger screens. */
export function SideNav({ items }: { items: readonly NavItem[] }) {
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{
        display: { xs: 'none', md: 'block' },
        width: SIDE_NAV_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ position: 'sticky', top: 64 }}>
        <Suspense fallback={null}>
          <NavList items={items} />
        </Suspense>
      </Box>
    </Box>
  );
}
