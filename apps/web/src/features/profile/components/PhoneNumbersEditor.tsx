import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, type PhoneNumber, phoneNumberValueSchema } from '@placely/contract';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { showSuccess } from '../../../lib/snackbar';
import { useUpdatePhoneNumbers } from '../api/updatePhoneNumbers';
import { PhoneVerificationDialog } from './PhoneVerificationDialog';

export interface PhoneNumbersEditorProps {
  phoneNumbers: PhoneNumber[];
}

/** Add / remove phone numbers (POST /api/user/profile) and verify one by SMS code (it becomes primary). */
export function PhoneNumbersEditor({ phoneNumbers }: PhoneNumbersEditorProps) {
  const active = phoneNumbers.filter((phone) => !phone.isDeleted);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const update = useUpdatePhoneNumbers();
  const [verifying, setVerifying] = useState<string | null>(null);
  const inputId = useId();
  const full = active.length >= LIMITS.phoneNumbersPerUser;

  const save = (numbers: string[], onDone: () => void) =>
    update.mutate(
      { phoneNumbers: numbers.map((number) => ({ number })) },
      {
        onSuccess: onDone,
        onError: (error) => {
          const message = error instanceof ApiError ? error.fields?.[0]?.message : undefined;
          if (message) setDraftError(message);
        },
      },
    );

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const parsed = phoneNumberValueSchema.safeParse(draft);
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message ?? 'Enter a valid phone number');
      return;
    }
    if (active.some((phone) => phone.number === parsed.data)) {
      setDraftError('This number is already on your profile');
      return;
    }
    setDraftError(null);
    save([...active.map((phone) => phone.number), parsed.data], () => {
      setDraft('');
      showSuccess('Phone number added');
    });
  };

  const onRemove = (number: string) =>
    save(
      active.filter((phone) => phone.number !== number).map((phone) => phone.number),
      () => showSuccess('Phone number removed'),
    );

  return (
    <Stack spacing={2}>
      <PhoneVerificationDialog phoneNumber={verifying} onClose={() => setVerifying(null)} />
      {active.length === 0 ? (
        <Typography color="text.secondary">No phone numbers yet.</Typography>
      ) : (
        <List disablePadding aria-label="Phone numbers">
          {active.map((phone) => (
            <ListItem
              key={phone.number}
              divider
              sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${phone.number}`}
                  onClick={() => onRemove(phone.number)}
                  disabled={update.isPending}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemText primary={phone.number} sx={{ flex: '1 1 8rem', mr: 6 }} />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mr: 6 }}>
                {phone.isPrimary && <Chip size="small" label="Primary" color="primary" variant="outlined" />}
                {phone.isVerified ? (
                  <Chip size="small" label="Verified" color="success" icon={<VerifiedIcon />} />
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setVerifying(phone.number)}
                    aria-label={`Verify ${phone.number}`}
                  >
                    Verify
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" onSubmit={onAdd} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            id={inputId}
            label="Add a phone number"
            type="tel"
            autoComplete="tel"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (draftError) setDraftError(null);
            }}
            disabled={full}
            error={Boolean(draftError)}
            helperText={
              draftError ??
              (full
                ? `You can keep at most ${LIMITS.phoneNumbersPerUser} phone numbers`
                : 'Include the country code, e.g. +91 98765 43210')
            }
            sx={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={full || !draft.trim()}
            loading={update.isPending}
            sx={{ mt: { sm: 1 } }}
          >
            Add number
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
