import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from '@placely/contract';
import {
  ORGANIZATION_SIZES,
  type OrganizationProfile,
  type OrganizationProfileInput,
  organizationProfileInputSchema,
} from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import type { Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useChipEntry } from '../../../lib/chipEntry';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { LogoField } from './LogoField';

/** The organization's locations as chips: Enter or a comma adds one (never submits the form). */
function LocationsInput(props: {
  value: string[];
  disabled: boolean;
  onChange: (value: string[]) => void;
  onBlur: () => void;
  name: string;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
}) {
  const clean = (items: string[]) => [...new Set(items.map((item) => item.trim()).filter((item) => item.length > 0))];
  const entry = useChipEntry((texts) => props.onChange(clean([...props.value, ...texts])));
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={props.value}
      disabled={props.disabled}
      onChange={(_event, value) => props.onChange(clean(value))}
      inputValue={entry.inputValue}
      onInputChange={entry.onInputChange}
      onKeyDown={entry.onKeyDown}
      onBlur={() => {
        entry.onBlur();
        props.onBlur();
      }}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name}
          inputRef={props.inputRef}
          label="Locations"
          error={Boolean(props.error)}
          helperText={props.error ?? 'Type a city and press Enter or a comma to add it'}
        />
      )}
    />
  );
}

/** The validated form values, as sent to the server. */
export type OrganizationProfileValues = z.output<typeof organizationProfileInputSchema>;

const FIELDS = ['name', 'logo', 'website', 'industry', 'size', 'about', 'locations', 'contactEmail'];

function toFormValues(profile: OrganizationProfile | null, fallbackName: string): OrganizationProfileInput {
  return {
    name: profile?.name ?? fallbackName,
    logo: profile?.logo ?? '',
    website: profile?.website ?? '',
    industry: profile?.industry ?? '',
    size: profile?.size ?? null,
    about: profile?.about ?? '',
    locations: profile?.locations ?? [],
    contactEmail: profile?.contactEmail ?? '',
  };
}

export interface OrganizationProfileFormProps {
  profile: OrganizationProfile | null;
  /**
   * The name shown before the profile has one: a team's organization name. An organization account's own new
   * profile starts empty, since the owner's personal name is not the organization's (issue 40 defect 13).
   */
  fallbackName?: string;
  /**
   * Saves the values and answers the saved profile: the organization account's own details, or (acting for a team)
   * the organization's, so the page decides which endpoint and cache the form feeds.
   */
  save: (values: OrganizationProfileValues) => Promise<OrganizationProfile | null>;
  /** The server said the caller may not edit: the details are shown, nothing can be changed. */
  readOnly?: boolean;
}

/** Organization details, validated with the contract's organizationProfileInputSchema. */
export function OrganizationProfileForm({
  profile,
  fallbackName = '',
  save,
  readOnly = false,
}: OrganizationProfileFormProps) {
  const { control, handleSubmit, reset, setError, formState } = useForm<
    OrganizationProfileInput,
    unknown,
    OrganizationProfileValues
  >({
    resolver: zodResolver(organizationProfileInputSchema),
    defaultValues: toFormValues(profile, fallbackName),
    mode: 'onTouched',
  });
  const mutation = useMutation({ mutationFn: save });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (saved) => {
        reset(toFormValues(saved, fallbackName));
        showSuccess('Organization profile saved');
      },
      onError: (error) => applyServerFieldErrors(error, setError, FIELDS, 'profile.'),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={3} aria-label="Organization details">
      <Grid container spacing={2} component="fieldset" disabled={readOnly} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="name" label="Organization name" autoComplete="organization" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="industry" label="Industry" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="size"
            render={({ field, fieldState }) => (
              <TextField
                select
                fullWidth
                disabled={readOnly}
                label="Organization size"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Number of employees'}
              >
                <MenuItem value="">
                  <em>Not specified</em>
                </MenuItem>
                {ORGANIZATION_SIZES.map((size) => (
                  <MenuItem key={size} value={size}>
                    {size}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="contactEmail"
            label="Contact email"
            type="email"
            autoComplete="email"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="website" label="Website" type="url" />
        </Grid>
        <Grid size={12}>
          <LogoField control={control} name="logo" readOnly={readOnly} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="locations"
            render={({ field, fieldState }) => (
              <LocationsInput
                value={field.value ?? []}
                disabled={readOnly}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="about" label="About the organization" multiline minRows={3} />
        </Grid>
      </Grid>
      {!readOnly && (
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
      )}
    </Stack>
  );
}
