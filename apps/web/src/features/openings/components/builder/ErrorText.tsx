import FormHelperText from '@mui/material/FormHelperText';
import { get, useFormState } from 'react-hook-form';

/** The error zod gave a whole list (e.g. "Add at least one option"), shown where the list is. */
export function ErrorText({ path }: { path: string }) {
  const { errors } = useFormState({ name: path });
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  if (!message) return null;
  return (
    <FormHelperText error role="alert" data-error-path={path}>
      {message}
    </FormHelperText>
  );
}
