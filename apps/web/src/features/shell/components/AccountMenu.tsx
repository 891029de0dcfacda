import CheckIcon from '@mui/icons-material/Check';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

/** One entry of the "Acting for" switch (organizations the person belongs to, and their own profile). */
export interface AccountSwitchOption {
  key: string;
  label: string;
  secondary: string;
  selected: boolean;
  onSelect: () => void;
}

export interface AccountMenuProps {
  feedbackUrl: string | undefined;
  helpUrl: string | undefined;
  onSignOut: () => void;
  /** Shown at the top when the person belongs to an organization's team. */
  switchOptions?: readonly AccountSwitchOption[];
}

/** The three-dots menu: the "Acting for" switch when there is one, Feedback and Help (new tab) and Sign out. */
export function AccountMenu({ feedbackUrl, helpUrl, onSignOut, switchOptions = [] }: AccountMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        edge="end"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
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
    </>
  );
}
