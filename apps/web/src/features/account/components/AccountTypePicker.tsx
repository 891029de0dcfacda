import ApartmentIcon from '@mui/icons-material/Apartment';
import SchoolIcon from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SELECTABLE_ACCOUNT_TYPES } from '@placely/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type SelectableAccountType, useUpdateAccountType } from '../api/updateAccountType';

const OPTIONS: Record<SelectableAccountType, { label: string; description: string; icon: ReactNode }> = {
  Individual: {
    label: 'Student / Individual',
    description: 'Build your profile, keep your resume up to date and apply to openings with Quick Apply Forms.',
    icon: <SchoolIcon color="primary" aria-hidden="true" />,
  },
  Organization: {
    label: 'Organization',
    description: 'Post openings, shortlist candidates and manage groups and verification groups.',
    icon: <ApartmentIcon color="primary" aria-hidden="true" />,
  },
};

export interface AccountTypePickerProps {
  onDone: () => void;
}

/** Radio cards for Individual / Organization plus "Continue" (keyboard: arrows + Enter). */
export function AccountTypePicker({ onDone }: AccountTypePickerProps) {
  const [choice, setChoice] = useState<SelectableAccountType | ''>('');
  const mutation = useUpdateAccountType();
  const labelId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    // mutateAsync: the page may re-render without this picker once the user is stored,
    // and a per-call onSuccess would then never run. Errors reach the snackbar via the MutationCache.
    mutation.mutateAsync(choice).then(onDone, () => undefined);
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 1.5 }}>
        Account type
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name="accountType"
        value={choice}
        onChange={(event) => setChoice(event.target.value as SelectableAccountType)}
      >
        <Stack spacing={2}>
          {SELECTABLE_ACCOUNT_TYPES.map((type) => {
            const option = OPTIONS[type];
            const selected = choice === type;
            return (
              <Paper
                key={type}
                variant="outlined"
                sx={{
                  p: 2,
                  borderWidth: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                  transition: 'border-color 120ms',
                }}
              >
                <FormControlLabel
                  value={type}
                  control={<Radio slotProps={{ input: { 'aria-describedby': `${labelId}-${type}` } }} />}
                  label={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      {option.icon}
                      <Typography component="span" sx={{ fontWeight: 500 }}>
                        {option.label}
                      </Typography>
                    </Stack>
                  }
                  sx={{ m: 0 }}
                />
                <Typography id={`${labelId}-${type}`} variant="body2" color="text.secondary" sx={{ pl: 5.5 }}>
                  {option.description}
                </Typography>
              </Paper>
            );
          })}
        </Stack>
      </RadioGroup>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!choice}
        loading={mutation.isPending}
        sx={{ mt: 3 }}
      >
        Continue
      </Button>
    </Box>
  );
}
