import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type AnswerCondition, formatAnswerConditions, parseAnswerConditions } from '@placely/contract';
import { useEffect, useRef, useState } from 'react';
import { useTags } from '../api/listTags';
import type { FilterValues } from '../filters';

/** A question of the opening's form the filter can ask about (the page derives these from the form). */
export interface FilterableField {
  id: string;
  label: string;
  kind: 'choice' | 'number';
  options: { id: string; label: string }[];
}

/** The filters under "More filters": the section opens by itself when one of them is set. */
const MORE_FILTERS: (keyof FilterValues)[] = [
  'minScore',
  'maxScore',
  'minGrade',
  'maxGrade',
  'degree',
  'graduationYearFrom',
  'graduationYearTo',
  'answers',
];

/** How long typing in the search pauses before the list follows (issue 40 defect 9). */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * A text field that applies its value on Enter or when it loses focus, so typing does not reload the list each key;
 * with `debounceMs`, also once typing pauses that long (search as one types).
 */
function CommitField({
  label,
  value,
  onCommit,
  type = 'text',
  width = 140,
  debounceMs,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  type?: 'text' | 'number';
  width?: number | string;
  debounceMs?: number;
}) {
  const [draft, setDraft] = useState(value);
  const latest = useRef({ value, onCommit });
  latest.current = { value, onCommit };
  // What this field last applied: when the value comes back as that, typing has moved on and the draft stays; any
  // other value (e.g. "Clear filters") replaces the draft.
  const committed = useRef(value);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);
  const commit = (text = draft) => {
    if (text.trim() === latest.current.value) return;
    committed.current = text.trim();
    latest.current.onCommit(text.trim());
  };
  const pending = useRef(commit);
  pending.current = commit;
  useEffect(() => {
    if (debounceMs === undefined || draft.trim() === committed.current) return;
    const timer = window.setTimeout(() => pending.current(draft), debounceMs);
    return () => window.clearTimeout(timer);
  }, [draft, debounceMs]);
  return (
    <TextField
      size="small"
      label={label}
      type={type}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => commit()}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      sx={{ width: { xs: '100%', sm: width } }}
    />
  );
}

function AnswerConditionEditor({ fields, onAdd }: { fields: FilterableField[]; onAdd: (c: AnswerCondition) => void }) {
  const [fieldId, setFieldId] = useState('');
  const [options, setOptions] = useState<string[]>([]);
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const field = fields.find((candidate) => candidate.id === fieldId);
  const ready = field && (field.kind === 'choice' ? options.length > 0 : min !== '' || max !== '');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label="Answer to"
        value={fieldId}
        onChange={(event) => {
          setFieldId(event.target.value);
          setOptions([]);
          setMin('');
          setMax('');
        }}
        sx={{ minWidth: 200 }}
      >
        {fields.map((candidate) => (
          <MenuItem key={candidate.id} value={candidate.id}>
            {candidate.label}
          </MenuItem>
        ))}
      </TextField>
      {field?.kind === 'choice' && (
        <TextField
          select
          size="small"
          label="Is any of"
          value={options}
          onChange={(event) => setOptions(event.target.value as unknown as string[])}
          slotProps={{ select: { multiple: true } }}
          sx={{ minWidth: 200 }}
        >
          {field.options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {field?.kind === 'number' && (
        <>
          <TextField size="small" type="number" label="From" value={min} onChange={(e) => setMin(e.target.value)} />
          <TextField size="small" type="number" label="To" value={max} onChange={(e) => setMax(e.target.value)} />
        </>
      )}
      <Button
        variant="outlined"
        disabled={!ready}
        onClick={() => {
          if (!field) return;
          onAdd(
            field.kind === 'choice'
              ? { fieldId: field.id, kind: 'choice', optionIds: options }
              : {
                  fieldId: field.id,
                  kind: 'range',
                  min: min === '' ? null : Number(min),
                  max: max === '' ? null : Number(max),
                },
          );
          setFieldId('');
        }}
      >
        Add condition
      </Button>
    </Stack>
  );
}

/**
 * Filters of the responses view beyond the stage, all resolved on the server: free text over names and answers,
 * tags, verified records, eligibility facts and answer conditions. The page keeps them in the address.
 */
export function FilterBar({
  filter,
  onChange,
  fields,
}: {
  filter: FilterValues;
  onChange: (filter: FilterValues) => void;
  fields: FilterableField[];
}) {
  const tags = useTags();
  const [more, setMore] = useState(MORE_FILTERS.some((key) => Boolean(filter[key])));
  const set = (key: keyof FilterValues, value: string) => onChange({ ...filter, [key]: value || undefined });
  const numberField = (key: keyof FilterValues, label: string) => (
    <CommitField label={label} type="number" value={filter[key] ?? ''} onCommit={(v) => set(key, v)} />
  );
  const conditions = parseAnswerConditions(filter.answers ?? '') ?? [];
  const labelOf = (condition: AnswerCondition) => {
    const field = fields.find((candidate) => candidate.id === condition.fieldId);
    const name = field?.label ?? condition.fieldId;
    if (condition.kind === 'range') return `${name}: ${condition.min ?? '…'} to ${condition.max ?? '…'}`;
    const options = condition.optionIds.map((id) => field?.options.find((o) => o.id === id)?.label ?? id);
    return `${name}: ${options.join(' or ')}`;
  };
  const selectedTags = filter.tagIds ? filter.tagIds.split(',') : [];
  const active = Object.entries(filter).some(([key, value]) => key !== 'stageId' && value);
  return (
    <Box component="section" aria-label="Filters">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <CommitField
          label="Search names and answers"
          value={filter.q ?? ''}
          onCommit={(v) => set('q', v)}
          width={260}
          debounceMs={SEARCH_DEBOUNCE_MS}
        />
        <TextField
          select
          size="small"
          label="Tags"
          value={selectedTags}
          onChange={(event) => set('tagIds', (event.target.value as unknown as string[]).join(','))}
          slotProps={{ select: { multiple: true } }}
          sx={{ minWidth: { xs: '100%', sm: 160 } }}
          disabled={(tags.data?.items.length ?? 0) === 0}
        >
          {(tags.data?.items ?? []).map((tag) => (
            <MenuItem key={tag.id} value={tag.id}>
              {tag.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Verified records"
          value={filter.verified ?? ''}
          onChange={(event) => set('verified', event.target.value)}
          sx={{ minWidth: { xs: '100%', sm: 180 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Any</MenuItem>
          <MenuItem value="yes">With verified records</MenuItem>
          <MenuItem value="no">Without</MenuItem>
        </TextField>
        <Button onClick={() => setMore(!more)} aria-expanded={more}>
          {more ? 'Fewer filters' : 'More filters'}
        </Button>
        {active && (
          <Button onClick={() => onChange(filter.stageId ? { stageId: filter.stageId } : {})}>Clear filters</Button>
        )}
      </Stack>
      <Collapse in={more}>
        <Stack spacing={1.5} sx={{ mt: 1.5 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {numberField('minScore', 'Score from')}
            {numberField('maxScore', 'Score to')}
            {numberField('minGrade', 'Grade from')}
            {numberField('maxGrade', 'Grade to')}
            <CommitField label="Degree" value={filter.degree ?? ''} onCommit={(v) => set('degree', v)} />
            {numberField('graduationYearFrom', 'Graduating from')}
            {numberField('graduationYearTo', 'Graduating by')}
          </Stack>
          {fields.length > 0 && (
            <AnswerConditionEditor
              fields={fields}
              onAdd={(condition) =>
                set(
                  'answers',
                  formatAnswerConditions([...conditions.filter((c) => c.fieldId !== condition.fieldId), condition]),
                )
              }
            />
          )}
        </Stack>
      </Collapse>
      {conditions.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {conditions.map((condition) => (
            <Chip
              key={condition.fieldId}
              size="small"
              label={labelOf(condition)}
              onDelete={() =>
                set('answers', formatAnswerConditions(conditions.filter((c) => c.fieldId !== condition.fieldId)))
              }
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
