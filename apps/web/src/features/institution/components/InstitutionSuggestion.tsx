import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { showSuccess } from '../../../lib/snackbar';
import { useSuggestedInstitutions } from '../api/getSuggestedInstitutions';
import { useUpdateInstitutionId } from '../api/updateInstitutionId';

/** Offers the institution whose domain matches the person's email, unless they are already linked to it. */
export function InstitutionSuggestion({ institutionId }: { institutionId: number | null }) {
  const suggested = useSuggestedInstitutions();
  const update = useUpdateInstitutionId();
  const match = suggested.data?.institutions[0];
  if (!match || match.institutionId === institutionId) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          loading={update.isPending}
          onClick={() =>
            update.mutate(match.institutionId, { onSuccess: () => showSuccess(`Institution set to ${match.name}`) })
          }
        >
          Link
        </Button>
      }
    >
      Your email is from {match.name}. Link your account to it?
    </Alert>
  );
}
