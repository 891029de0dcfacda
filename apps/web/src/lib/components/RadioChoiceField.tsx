import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** One choice of a few, as labelled radio buttons bound to a form field. */
export function RadioChoiceField<T extends FieldValues, V extends string>({
  name,
  control,
  id,
  label,
  choices,
  labels,
}: {
  name: Path<T>;
  control: Control<T>;
  /** Names the group for assistive technology. */
  id: string;
  label: string;
  choices: readonly V[];
  labels: Record<V, string>;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl>
          <FormLabel id={id}>{label}</FormLabel>
          <RadioGroup aria-labelledby={id} {...field}>
            {choices.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={labels[value]} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
