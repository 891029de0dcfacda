import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from '../navItems';

interface NavListProps {
  items: readonly NavItem[];
  onNavigate?: () => void;
}

/** The menu's links, in the side column (SideNav loads them with the first page showing it) and in the drawer. */
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
