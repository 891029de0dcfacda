import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FieldType, FORM_LIMITS, type FormField, type FormSection } from '@placely/contract';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../../lib/components/ConfirmDialog';
import { duplicateField, newField, newSection } from '../../formModel';
import { TextInput } from '../editor/inputs';
import { AddFieldMenu } from './AddFieldMenu';
import { arrayMove, BuilderContext, type BuilderState, useBuilder, useStructure } from './builderContext';
import { CopyQuestionsMenu } from './CopyQuestionsMenu';
import { ErrorText } from './ErrorText';
import { FieldEditor, fieldDisplayName } from './FieldEditor';
import { RuleEditor } from './RuleEditor';
import { type DragHandleProps, SortableList } from './SortableList';

const SECTIONS = 'form.sections';
const sectionPath = (s: number) => `${SECTIONS}.${s}`;
const fieldsPath = (s: number) => `${SECTIONS}.${s}.fields`;

function sectionName(section: FormSection, index: number): string {
  return section.title.trim() || `Section ${index + 1}`;
}

function IconAction({
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

/** Moves, copies and removes questions, including across section borders with Move up/Move down. */
function useFieldOperations() {
  const { list, replace } = useStructure();
  const { setExpanded, focusLater } = useBuilder();
  const sections = useCallback(() => list<FormSection>(SECTIONS), [list]);

  return {
    add(s: number, type: FieldType) {
      const field = newField(type);
      const current = list<FormField>(fieldsPath(s));
      replace(fieldsPath(s), [...current, field]);
      setExpanded(field.id, true);
      focusLater(`${fieldsPath(s)}.${current.length}.label`, true);
    },
    reorder(s: number, from: number, to: number) {
      replace(fieldsPath(s), arrayMove(list(fieldsPath(s)), from, to));
    },
    /** One step up or down; at a section's edge the question moves into the neighbouring section. */
    step(s: number, f: number, delta: -1 | 1) {
      const all = sections();
      const section = all[s];
      if (!section) return;
      const target = f + delta;
      if (target >= 0 && target < section.fields.length) {
        replace(fieldsPath(s), arrayMove(section.fields, f, target));
        return;
      }
      const neighbour = all[s + delta];
      const field = section.fields[f];
      if (!neighbour || !field) return;
      const next = all.map((item, index) => {
        if (index === s) return { ...item, fields: item.fields.toSpliced(f, 1) };
        if (index === s + delta) {
          return { ...item, fields: delta < 0 ? [...item.fields, field] : [field, ...item.fields] };
        }
        return item;
      });
      replace(SECTIONS, next);
      const newIndex = delta < 0 ? neighbour.fields.length : 0;
      focusLater(`${fieldsPath(s + delta)}.${newIndex}`);
    },
    duplicate(s: number, f: number) {
      const current = list<FormField>(fieldsPath(s));
      const original = current[f];
      if (!original) return;
      const copy = duplicateField(original);
      replace(fieldsPath(s), current.toSpliced(f + 1, 0, copy));
      setExpanded(copy.id, true);
    },
    remove(s: number, f: number) {
      replace(fieldsPath(s), list(fieldsPath(s)).toSpliced(f, 1));
    },
  };
}

function SectionEditor({
  section,
  index,
  count,
  firstSection,
  lastSection,
  handle,
  onMove,
  onDelete,
}: {
  section: FormSection;
  index: number;
  count: number;
  firstSection: boolean;
  lastSection: boolean;
  handle: DragHandleProps;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}) {
  const ops = useFieldOperations();
  const { setExpanded, focusLater } = useBuilder();
  const name = sectionName(section, index);
  const fields = section.fields;
  const unnamed = fields.findIndex((field) => !field.label.trim());
  const unnamedField = fields[unnamed];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, bgcolor: 'grey.50' }}
      component="section"
      aria-label={`Section ${name}`}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <IconButton
          ref={handle.ref}
          {...handle.attributes}
          {...handle.listeners}
          size="small"
          aria-label={`Reorder section ${name}`}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <Typography variant="overline" sx={{ flex: 1 }}>
          Section {index + 1} of {count}
        </Typography>
        <IconAction label={`Move section ${name} up`} disabled={firstSection} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon fontSize="small" />
        </IconAction>
        <IconAction label={`Move section ${name} down`} disabled={lastSection} onClick={() => onMove(1)}>
          <ArrowDownwardIcon fontSize="small" />
        </IconAction>
        <IconAction label={`Delete section ${name}`} disabled={count <= 1} onClick={onDelete}>
          <DeleteOutlineIcon fontSize="small" />
        </IconAction>
      </Stack>
      <Stack spacing={2} sx={{ mb: 2 }}>
        <TextInput name={`${sectionPath(index)}.title`} label="Section title" size="small" />
        <TextInput
          name={`${sectionPath(index)}.description`}
          label="Section description"
          size="small"
          multiline
          rows={2}
          emptyAs={undefined}
        />
        {index > 0 && <RuleEditor path={sectionPath(index)} subject="section" />}
      </Stack>
      {fields.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          No questions in this section yet.
        </Typography>
      )}
      <SortableList
        items={fields}
        getId={(field) => field.id}
        getLabel={(field, f) => fieldDisplayName(field, f)}
        onMove={(from, to) => ops.reorder(index, from, to)}
        noun="question"
      >
        {(field, f, fieldHandle) => (
          <FieldEditor
            path={`${fieldsPath(index)}.${f}`}
            field={field}
            index={f}
            leaf={false}
            keyPrefix=""
            handle={fieldHandle}
            canMoveUp={f > 0 || !firstSection}
            canMoveDown={f < fields.length - 1 || !lastSection}
            onMoveUp={() => ops.step(index, f, -1)}
            onMoveDown={() => ops.step(index, f, 1)}
            onDuplicate={() => ops.duplicate(index, f)}
            onDelete={() => ops.remove(index, f)}
          />
        )}
      </SortableList>
      <ErrorText path={fieldsPath(index)} />
      <AddFieldMenu
        label={`Add a question to ${name}`}
        onAdd={(type) => ops.add(index, type)}
        disabled={fields.length >= FORM_LIMITS.fieldsPerSection}
        blockedBy={
          unnamedField
            ? {
                reason: `Give ${fieldDisplayName(unnamedField, unnamed)} a label first: a question without one cannot be saved.`,
                onBlocked: () => {
                  setExpanded(unnamedField.id, true);
                  focusLater(`${fieldsPath(index)}.${unnamed}.label`);
                },
              }
            : null
        }
      />
    </Paper>
  );
}

function Sections() {
  const sections = (useWatch({ name: SECTIONS }) as FormSection[] | undefined) ?? [];
  const { list, replace } = useStructure();
  const { focusLater } = useBuilder();
  const [pendingDelete, setPendingDelete] = useState<number | null>(null);
  const move = (from: number, to: number) => replace(SECTIONS, arrayMove(list(SECTIONS), from, to));
  const pending = pendingDelete === null ? undefined : sections[pendingDelete];

  return (
    <Box>
      <SortableList
        items={sections}
        getId={(section) => section.id}
        getLabel={(section, index) => `section ${sectionName(section, index)}`}
        onMove={move}
        noun="section"
      >
        {(section, index, handle) => (
          <SectionEditor
            section={section}
            index={index}
            count={sections.length}
            firstSection={index === 0}
            lastSection={index === sections.length - 1}
            handle={handle}
            onMove={(delta) => move(index, index + delta)}
            onDelete={() => {
              if (section.fields.length === 0) replace(SECTIONS, list(SECTIONS).toSpliced(index, 1));
              else setPendingDelete(index);
            }}
          />
        )}
      </SortableList>
      <ErrorText path={SECTIONS} />
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={sections.length >= FORM_LIMITS.sections}
        onClick={() => {
          replace(SECTIONS, [...list(SECTIONS), newSection(sections.length)]);
          focusLater(`${sectionPath(sections.length)}.title`);
        }}
      >
        Add section
      </Button>
      <Box component="span" sx={{ ml: 1 }}>
        <CopyQuestionsMenu
          count={sections.length}
          onAdd={(added) => replace(SECTIONS, [...list(SECTIONS), ...added])}
        />
      </Box>
      <ConfirmDialog
        open={pending !== undefined}
        title="Delete this section?"
        confirmLabel="Delete section"
        destructive
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (pendingDelete !== null) replace(SECTIONS, list(SECTIONS).toSpliced(pendingDelete, 1));
          setPendingDelete(null);
        }}
      >
        {pending
          ? `“${sectionName(pending, pendingDelete ?? 0)}” and its ${pending.fields.length} ${pending.fields.length === 1 ? 'question' : 'questions'} will be removed from the form when you save.`
          : ''}
      </ConfirmDialog>
    </Box>
  );
}

/**
 * The Quick Apply form builder: sections of questions of every field type, edited in place inside the opening
 * editor's form (`form.sections…`), reordered by drag, by keyboard (Space + arrows on a handle) or by buttons.
 */
export function FormBuilder() {
  const { setFocus } = useFormContext();
  const [expanded, setExpandedKeys] = useState<ReadonlySet<string>>(() => new Set());
  // One question open at a time (with its group, for a sub-question), like the form tools people know; it also
  // keeps a long form quick to edit. Questions with errors open as well, whatever this says.
  const setExpanded = useCallback((key: string, open: boolean) => {
    setExpandedKeys((previous) => {
      if (previous.has(key) === open) return previous;
      if (!open) return new Set([...previous].filter((item) => item !== key && !item.startsWith(`${key}/`)));
      const group = key.includes('/') ? key.slice(0, key.indexOf('/')) : null;
      return new Set(group ? [group, key] : [key]);
    });
  }, []);
  const focusLater = useCallback(
    (path: string, select = false) => {
      // Two frames: one for React to render the new input, one for it to register with the form.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          setFocus(path, { shouldSelect: select });
          // react-hook-form focuses in a timeout of its own.
          setTimeout(() => document.activeElement?.scrollIntoView({ block: 'nearest' }));
        }),
      );
    },
    [setFocus],
  );
  const state = useMemo<BuilderState>(
    () => ({ isExpanded: (key) => expanded.has(key), setExpanded, focusLater }),
    [expanded, setExpanded, focusLater],
  );
  return (
    <BuilderContext.Provider value={state}>
      <Sections />
    </BuilderContext.Provider>
  );
}
