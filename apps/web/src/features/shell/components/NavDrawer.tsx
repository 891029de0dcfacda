import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import type { NavItem } from '../navItems';
import { NavList } from './NavMenu';
import { SIDE_NAV_WIDTH } from './SideNav';

export interface NavDrawerProps {
  items: readonly NavItem[];
  open: boolean;
  onClose: () => void;
}

/** The same menu as a drawer on small screens; its own chunk, loaded at its first opening (AppShell). */
export function NavDrawer({ items, open, onClose }: NavDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      sx={{ display: { md: 'none' } }}
      slotProps={{ paper: { sx: { width: SIDE_NAV_WIDTH } } }}
    >
      <Box component="nav" aria-label="Main navigation">
        <Typography variant="overline" component="p" sx={{ px: 2, pt: 2, color: 'text.secondary' }}>
          Menu
        </Typography>
        <NavList items={items} onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}
