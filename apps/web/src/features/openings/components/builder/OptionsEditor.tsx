import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChoiceOption, FORM_LIMITS } from '@placely/contract';
import { useWatch } from 'react-hook-form';
import { newId } from '../../formModel';
import { TextInput } from '../editor/inputs';
import { arrayMove, useBuilder, useStructure } from './builderContext';
import { ErrorText } from './ErrorText';

/** The options of a choice field: type, reorder, remove; Enter in an option adds the next one. */
export function OptionsEditor({ path, fieldName }: { path: string; fieldName: string }) {
  const optionsPath = `${path}.options`;
  const options = (useWatch({ name: optionsPath }) as ChoiceOption[] | undefined) ?? [];
  const { list, replace } = useStructure();
  const { focusLater } = useBuilder();

  const insertAt = (index: number) => {
    const current = list<ChoiceOption>(optionsPath);
    if (current.length >= FORM_LIMITS.options) return;
    const next = [...current];
    next.splice(index, 0, { id: newId('o'), label: '' });
    replace(optionsPath, next);
    focusLater(`${optionsPath}.${index}.label`);
  };
  const move = (from: number, to: number) => replace(optionsPath, arrayMove(list(optionsPath), from, to));
  const remove = (index: number) => replace(optionsPath, list<ChoiceOption>(optionsPath).toSpliced(index, 1));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Options
      </Typography>
      <Stack spacing={1}>
        {options.map((option, index) => {
          const name = option.label.trim() || `Option ${index + 1}`;
          return (
            <Stack key={option.id} direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <TextInput
                name={`${optionsPath}.${index}.label`}
                label={`Option ${index + 1}`}
                size="small"
                onEnter={() => insertAt(index + 1)}
              />
              <IconButton
                size="small"
                aria-label={`Move option ${name} of ${fieldName} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Move option ${name} of ${fieldName} down`}
                disabled={index === options.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Remove option ${name} of ${fieldName}`}
                onClick={() => remove(index)}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <ErrorText path={optionsPath} />
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        disabled={options.length >= FORM_LIMITS.options}
        onClick={() => insertAt(options.length)}
        aria-label={`Add an option to ${fieldName}`}
      >
        Add option
      </Button>
    </Box>
  );
}
