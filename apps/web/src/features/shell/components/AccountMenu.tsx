import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';

const AccountMenuList = lazy(() => import('./AccountMenuList').then((module) => ({ default: module.AccountMenuList })));

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
  const [opened, setOpened] = useState(false);
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
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      {/* Mounted at the first opening and kept, so closing still animates. */}
      {opened && (
        <Suspense fallback={null}>
          <AccountMenuList
            menuId={menuId}
            buttonId={buttonId}
            anchor={anchor}
            close={close}
            feedbackUrl={feedbackUrl}
            helpUrl={helpUrl}
            onSignOut={onSignOut}
            switchOptions={switchOptions}
          />
        </Suspense>
      )}
    </>
  );
}
