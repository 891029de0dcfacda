import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Institution } from '@placely/contract';
import { useState } from 'react';
import { showSuccess } from '../../../lib/snackbar';
import { useDebounced } from '../../../lib/useDebounced';
import { useInstitutionDetails } from '../api/getInstitutionDetails';
import { useInstitutions } from '../api/getInstitutions';
import { useUpdateInstitutionId } from '../api/updateInstitutionId';

export interface InstitutionPickerProps {
  institutionId: number | null;
}

/** Links the user to an institution (searchable list; POST /api/updateInstitutionId). */
export function InstitutionPicker({ institutionId }: InstitutionPickerProps) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const search = useDebounced(input, 300);
  const current = useInstitutionDetails(institutionId);
  const list = useInstitutions(search, open);
  const update = useUpdateInstitutionId();

  return (
    <Autocomplete<Institution, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={current.data ?? null}
      options={list.data ?? []}
      loading={list.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.institutionId}
      isOptionEqualToValue={(option, selected) => option.institutionId === selected.institutionId}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setInput(text);
      }}
      onChange={(_event, selected) =>
        update.mutate(selected?.institutionId ?? null, {
          onSuccess: () => showSuccess(selected ? `Institution set to ${selected.name}` : 'Institution removed'),
        })
      }
      renderOption={(props, option) => {
        const { key, ...optionProps } = props;
        return (
          <li key={key} {...optionProps}>
            <Stack>
              <span>{option.name}</span>
              {option.city && (
                <Typography variant="caption" color="text.secondary">
                  {option.city}
                </Typography>
              )}
            </Stack>
          </li>
        );
      }}
      noOptionsText={search ? 'No institutions match' : 'Type to search institutions'}
      disabled={update.isPending}
      renderInput={(params) => (
        <TextField {...params} label="Institution" helperText="Your college, university or school" />
      )}
    />
  );
}
