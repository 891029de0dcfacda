import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { z } from '@placely/contract';
import {
  type AccountType,
  type IndividualProfile,
  type IndividualProfileInput,
  individualProfileInputSchema,
} from '@placely/contract';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { useUpdateAccountDetails } from '../api/updateAccountDetails';

/** The validated form values, as sent to the server. */
type IndividualProfileValues = z.output<typeof individualProfileInputSchema>;

const FIELDS = ['name', 'headline', 'about', 'location', 'dateOfBirth', 'photo', 'linkedin', 'github', 'website'];

function toFormValues(profile: IndividualProfile | null, fallbackName: string): IndividualProfileInput {
  return {
    name: profile?.name ?? fallbackName,
    headline: profile?.headline ?? '',
    about: profile?.about ?? '',
    location: profile?.location ?? '',
    dateOfBirth: profile?.dateOfBirth ?? null,
    photo: profile?.photo ?? '',
    linkedin: profile?.linkedin ?? '',
    github: profile?.github ?? '',
    website: profile?.website ?? '',
  };
}

export interface IndividualProfileFormProps {
  profile: IndividualProfile | null;
  /** Used as the name when the profile has none yet (the signed-in user's name). */
  fallbackName: string;
  accountType: AccountType | null;
}

/** Account details of an individual (student), validated with the contract's individualProfileInputSchema. */
export function IndividualProfileForm({ profile, fallbackName, accountType }: IndividualProfileFormProps) {
  const { control, handleSubmit, reset, setError, formState } = useForm<
    IndividualProfileInput,
    unknown,
    IndividualProfileValues
  >({
    resolver: zodResolver(individualProfileInputSchema),
    defaultValues: toFormValues(profile, fallbackName),
    mode: 'onTouched',
  });
  const mutation = useUpdateAccountDetails(accountType);

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (response) => {
        reset(toFormValues(response.profileDetails.individual, fallbackName));
        showSuccess('Profile saved');
      },
      onError: (error) => applyServerFieldErrors(error, setError, FIELDS, 'profile.'),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={3} aria-label="Account details">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="name" label="Full name" autoComplete="name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="location" label="Location" autoComplete="address-level2" />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="headline"
            label="Headline"
            placeholder="e.g. Final-year Computer Science student"
          />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="about" label="About" multiline minRows={3} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="dateOfBirth" label="Date of birth" type="date" emptyAsNull />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="photo" label="Photo URL" type="url" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="linkedin" label="LinkedIn" type="url" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="github" label="GitHub" type="url" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="website" label="Website" type="url" />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          Save profile
        </Button>
        <Button
          type="button"
          disabled={!formState.isDirty || mutation.isPending}
          onClick={() => reset(toFormValues(profile, fallbackName))}
        >
          Reset
        </Button>
      </Stack>
    </Stack>
  );
}
