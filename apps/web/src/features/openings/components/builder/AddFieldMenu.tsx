import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType } from '@placely/contract';
import { useId, useState } from 'react';
import { LEAF_FIELD_TYPES } from '../../formModel';
import { FieldTypeIcon } from './FieldTypeIcon';

/** "Add question": every field type (or every type allowed inside a repeatable group). */
export function AddFieldMenu({
  label,
  leafOnly = false,
  onAdd,
  disabled,
  blockedBy,
}: {
  label: string;
  leafOnly?: boolean;
  onAdd: (type: FieldType) => void;
  disabled?: boolean;
  /**
   * Why no question can be added now (a question above has no label yet), or null: the button then says so beside
   * itself and calls `onBlocked` (which focuses that label) instead of opening the menu (issue 40 defect 10).
   */
  blockedBy?: { reason: string; onBlocked: () => void } | null;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [told, setTold] = useState(false);
  const menuId = useId();
  const reasonId = useId();
  const showReason = Boolean(blockedBy) && told;
  const types: readonly FieldType[] = leafOnly ? LEAF_FIELD_TYPES : FIELD_TYPES;
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        disabled={disabled ?? false}
        aria-describedby={showReason ? reasonId : undefined}
        onClick={(event) => {
          if (blockedBy) {
            setTold(true);
            blockedBy.onBlocked();
            return;
          }
          setTold(false);
          setAnchor(event.currentTarget);
        }}
      >
        {label}
      </Button>
      <Typography id={reasonId} role="status" variant="body2" color="error" sx={{ mt: 0.5 }}>
        {showReason ? blockedBy?.reason : ''}
      </Typography>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {types.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
          >
            <ListItemIcon>
              <FieldTypeIcon type={type} />
            </ListItemIcon>
            <ListItemText>{FIELD_TYPE_LABELS[type]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
