import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  AUTO_FILL_KEY_LABELS,
  FIELD_TYPE_LABELS,
  type FieldType,
  FORM_LIMITS,
  type FormField,
  type LeafField,
} from '@placely/contract';
import { memo, type ReactNode, useId } from 'react';
import { get, useFormState } from 'react-hook-form';
import { duplicateField, newLeafField } from '../../formModel';
import { AddFieldMenu } from './AddFieldMenu';
import { arrayMove, useBuilder, useStructure } from './builderContext';
import { ErrorText } from './ErrorText';
import { FieldSettings } from './FieldSettings';
import { FieldTypeIcon } from './FieldTypeIcon';
import { type DragHandleProps, SortableList } from './SortableList';

/** How a field is named to people and screen readers, also before it has a label. */
export function fieldDisplayName(field: FormField, index: number): string {
  return field.label.trim() || `Untitled question ${index + 1}`;
}

function ActionButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled ?? false} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export interface FieldEditorProps {
  /** e.g. "form.sections.0.fields.2" or, for a sub-field, "….fields.2.fields.0". */
  path: string;
  field: FormField;
  index: number;
  leaf: boolean;
  keyPrefix: string;
  handle: DragHandleProps;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** One question as a card: a summary line with its actions, and its settings when opened. */
function FieldEditorCard({
  path,
  field,
  index,
  leaf,
  keyPrefix,
  handle,
  canMoveUp,
  canMoveDown,
  onMoveUp,
  onMoveDown,
  onDuplicate,
  onDelete,
}: FieldEditorProps) {
  const { isExpanded, setExpanded } = useBuilder();
  const { errors } = useFormState({ name: path });
  const hasError = Boolean(get(errors, path));
  const expandKey = `${keyPrefix}${field.id}`;
  // A question with an error stays open so the error is next to its input.
  const open = isExpanded(expandKey) || hasError;
  const panelId = useId();
  const name = fieldDisplayName(field, index);
  const noun = leaf ? 'sub-question' : 'question';

  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 1, sm: 1.5 },
        mb: 1.5,
        borderLeftWidth: 4,
        borderLeftColor: hasError ? 'error.main' : open ? 'primary.main' : 'divider',
      }}
      data-field-id={field.id}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <IconButton
          ref={handle.ref}
          {...handle.attributes}
          {...handle.listeners}
          size="small"
          aria-label={`Reorder ${noun} ${name}`}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <FieldTypeIcon type={field.type} color="action" />
        <Box sx={{ flex: 1, minWidth: 0, cursor: 'pointer' }} onClick={() => setExpanded(expandKey, !open)} aria-hidden>
          <Typography noWrap sx={{ fontWeight: 500 }}>
            {field.label.trim() || <em>Untitled question</em>}
            {field.required ? ' *' : ''}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {FIELD_TYPE_LABELS[field.type]}
            {field.autoFillKey ? ` · auto-fills ${AUTO_FILL_KEY_LABELS[field.autoFillKey].toLowerCase()}` : ''}
            {field.showWhen ? ' · shown only for some answers' : ''}
          </Typography>
        </Box>
        <IconButton
          size="small"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${open ? 'Close' : 'Edit'} ${noun} ${name}`}
          onClick={() => setExpanded(expandKey, !open)}
        >
          <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
        </IconButton>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.25 }}>
        <ActionButton label={`Move ${noun} ${name} up`} disabled={!canMoveUp} onClick={onMoveUp}>
          <ArrowUpwardIcon fontSize="small" />
        </ActionButton>
        <ActionButton label={`Move ${noun} ${name} down`} disabled={!canMoveDown} onClick={onMoveDown}>
          <ArrowDownwardIcon fontSize="small" />
        </ActionButton>
        <ActionButton label={`Duplicate ${noun} ${name}`} onClick={onDuplicate}>
          <ContentCopyIcon fontSize="small" />
        </ActionButton>
        <ActionButton label={`Delete ${noun} ${name}`} onClick={onDelete}>
          <DeleteOutlineIcon fontSize="small" />
        </ActionButton>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box id={panelId} role="group" aria-label={`Settings of ${name}`}>
          <FieldSettings
            path={path}
            field={field}
            leaf={leaf}
            fieldName={name}
            keyPrefix={keyPrefix}
            renderSubFields={
              field.type === 'repeatableGroup'
                ? () => <SubFieldsEditor path={`${path}.fields`} group={field} groupName={name} />
                : undefined
            }
          />
        </Box>
      </Collapse>
    </Paper>
  );
}

/**
 * Every keystroke anywhere in the form gives each question a fresh copy of its value, so questions compare what
 * they show: a question re-renders only when its own content, place or drag state changed. The callbacks read the
 * form when called, so their identity does not matter.
 */
export const FieldEditor = memo(FieldEditorCard, (previous, next) => {
  for (const key of Object.keys(next) as (keyof FieldEditorProps)[]) {
    if (typeof next[key] === 'function') continue;
    if (key === 'field') {
      if (previous.field !== next.field && JSON.stringify(previous.field) !== JSON.stringify(next.field)) return false;
    } else if (key === 'handle') {
      const a = previous.handle;
      const b = next.handle;
      if (a.ref !== b.ref || a.attributes !== b.attributes || a.listeners !== b.listeners) return false;
    } else if (previous[key] !== next[key]) return false;
  }
  return true;
});

/** The questions each row of a repeatable group asks (no groups inside groups). */
function SubFieldsEditor({ path, group, groupName }: { path: string; group: FormField; groupName: string }) {
  const { list, replace } = useStructure();
  const { setExpanded, focusLater } = useBuilder();
  const fields = group.type === 'repeatableGroup' ? group.fields : [];
  const keyPrefix = `${group.id}/`;

  const add = (type: FieldType) => {
    if (type === 'repeatableGroup') return;
    const field = newLeafField(type);
    const current = list<LeafField>(path);
    replace(path, [...current, field]);
    setExpanded(`${keyPrefix}${field.id}`, true);
    focusLater(`${path}.${current.length}.label`, true);
  };
  const move = (from: number, to: number) => replace(path, arrayMove(list(path), from, to));

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1, sm: 1.5 }, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Each row of {groupName} asks
      </Typography>
      <SortableList
        items={fields}
        getId={(field) => field.id}
        getLabel={(field, index) => fieldDisplayName(field, index)}
        onMove={move}
        noun="sub-question"
      >
        {(field, index, handle) => (
          <FieldEditor
            path={`${path}.${index}`}
            field={field}
            index={index}
            leaf
            keyPrefix={keyPrefix}
            handle={handle}
            canMoveUp={index > 0}
            canMoveDown={index < fields.length - 1}
            onMoveUp={() => move(index, index - 1)}
            onMoveDown={() => move(index, index + 1)}
            onDuplicate={() => {
              const current = list<LeafField>(path);
              const copy = duplicateField(field) as LeafField;
              replace(path, current.toSpliced(index + 1, 0, copy));
              setExpanded(`${keyPrefix}${copy.id}`, true);
            }}
            onDelete={() => replace(path, list(path).toSpliced(index, 1))}
          />
        )}
      </SortableList>
      <ErrorText path={path} />
      <AddFieldMenu label="Add a sub-question" leafOnly onAdd={add} disabled={fields.length >= FORM_LIMITS.subFields} />
    </Box>
  );
}
