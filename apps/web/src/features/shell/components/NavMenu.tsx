import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from '../navItems';

export const SIDE_NAV_WIDTH = 232;

interface NavListProps {
  items: readonly NavItem[];
  onNavigate?: () => void;
}

export function NavList({ items, onNavigate }: NavListProps) {
  const { pathname } = useLocation();
  return (
    <List component="ul" sx={{ py: 1 }}>
      {items.map((item) => {
        const current = item.to === '/' ? pathname === '/' : pathname.toLowerCase() === item.to.toLowerCase();
        return (
          <li key={item.to}>
            <ListItemButton
              component={NavLink}
              to={item.to}
              end
              selected={current}
              aria-current={current ? 'page' : undefined}
              {...(onNavigate ? { onClick: onNavigate } : {})}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </li>
        );
      })}
    </List>
  );
}

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
        <NavList items={items} />
      </Box>
    </Box>
  );
}
