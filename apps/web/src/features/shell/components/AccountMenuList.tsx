import CheckIcon from '@mui/icons-material/Check';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { AccountMenuProps } from './AccountMenu';

export interface AccountMenuListProps extends AccountMenuProps {
  menuId: string;
  buttonId: string;
  anchor: HTMLElement | null;
  close: () => void;
}

/** The account menu's items (loaded with the first opening: MUI's Menu stays out of every page's first load). */
export function AccountMenuList({
  menuId,
  buttonId,
  anchor,
  close,
  feedbackUrl,
  helpUrl,
  onSignOut,
  switchOptions = [],
}: AccountMenuListProps) {
  const open = Boolean(anchor);
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={open}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      {switchOptions.length > 0 && <ListSubheader>Acting for</ListSubheader>}
      {switchOptions.map((option) => (
        <MenuItem
          key={option.key}
          selected={option.selected}
          aria-current={option.selected ? 'true' : undefined}
          onClick={() => {
            close();
            option.onSelect();
          }}
        >
          <ListItemIcon>{option.selected && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText primary={option.label} secondary={option.secondary} />
        </MenuItem>
      ))}
      {switchOptions.length > 0 && <Divider />}
      <MenuItem
        component="a"
        href={feedbackUrl ?? '#'}
        target="_blank"
        rel="noopener noreferrer"
        onClick={close}
        disabled={!feedbackUrl}
      >
        <ListItemIcon>
          <FeedbackOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Feedback</ListItemText>
      </MenuItem>
      <MenuItem
        component="a"
        href={helpUrl ?? '#'}
        target="_blank"
        rel="noopener noreferrer"
        onClick={close}
        disabled={!helpUrl}
      >
        <ListItemIcon>
          <HelpOutlineIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Help</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          close();
          onSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Sign out</ListItemText>
      </MenuItem>
    </Menu>
  );
}
