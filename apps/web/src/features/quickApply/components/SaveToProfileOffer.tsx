import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { LeafField, ProfileSaveKey } from '@placely/contract';
import { useId } from 'react';

/** Where each saved answer lands, in the applicant's words (the server's `saveAnswersToProfile` does this). */
const DESTINATIONS: Record<ProfileSaveKey, string> = {
  name: 'Saved as the name on your profile.',
  phone: 'Saved as your primary phone number, the one forms fill in. Your other numbers stay.',
  location: 'Saved as the location on your profile.',
  headline: 'Saved as the headline on your profile.',
  about: 'Saved as the “About” on your profile.',
  linkedin: 'Saved as the LinkedIn link on your profile.',
  github: 'Saved as the GitHub link on your profile.',
  website: 'Saved as the website on your profile.',
  skills: 'New skills are added to your Skills; none are removed.',
};

export interface SaveToProfileOfferProps {
  field: LeafField;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * "Save to my profile too" under an answer that says something the profile does not (`offersProfileSave`). Unticked
 * at first: nothing is written to the profile unless the applicant chooses it. Loaded when first offered.
 */
export function SaveToProfileOffer({ field, checked, onChange }: SaveToProfileOfferProps) {
  const helpId = useId();
  return (
    <Box sx={{ mt: 0.5 }}>
      <FormControlLabel
        label="Save to my profile too"
        control={
          <Checkbox
            size="small"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: {
                // The question's label too: a form may offer this under several answers.
                'aria-label': `Save to my profile too: ${field.label}`,
                'aria-describedby': helpId,
              },
            }}
          />
        }
      />
      <FormHelperText id={helpId} sx={{ mt: -0.5, mx: 0, pl: 4 }}>
        {DESTINATIONS[field.autoFillKey as ProfileSaveKey]}
      </FormHelperText>
    </Box>
  );
}
