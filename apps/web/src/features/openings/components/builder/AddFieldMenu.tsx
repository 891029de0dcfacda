import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
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
}: {
  label: string;
  leafOnly?: boolean;
  onAdd: (type: FieldType) => void;
  disabled?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
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
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
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
