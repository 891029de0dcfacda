import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { TagApplyBody } from '@placely/contract';
import { useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useApplyTag } from '../api/applyTag';
import { useTags } from '../api/listTags';

/**
 * "Tag…" for the toolbar's selection: adds or removes one of the organization's tags on the chosen candidates, or on
 * every candidate matching the filter (resolved on the server like "select all matching" moves).
 */
export function BulkTagMenu({
  openingId,
  target,
  disabled,
  onDone,
}: {
  openingId: string;
  target: Pick<TagApplyBody, 'applicationIds' | 'filter'>;
  disabled: boolean;
  onDone: () => void;
}) {
  const tags = useTags();
  const apply = useApplyTag();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = tags.data?.items ?? [];
  const run = (tagId: string, action: 'add' | 'remove') => {
    setAnchor(null);
    apply.mutate(
      { openingId, tagId, action, ...target },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onDone();
        },
        onError: (error) => showError(error),
      },
    );
  };
  return (
    <>
      <Button
        variant="outlined"
        disabled={disabled || items.length === 0}
        loading={apply.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        Tag…
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>Add tag</ListSubheader>
        {items.map((tag) => (
          <MenuItem key={`add-${tag.id}`} onClick={() => run(tag.id, 'add')}>
            {tag.name}
          </MenuItem>
        ))}
        <ListSubheader>Remove tag</ListSubheader>
        {items.map((tag) => (
          <MenuItem key={`remove-${tag.id}`} onClick={() => run(tag.id, 'remove')}>
            Remove {tag.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
