import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PORTFOLIO_SECTION_LABELS,
  PORTFOLIO_SECTIONS,
  PORTFOLIO_TITLE_MAX,
  PORTFOLIO_VISIBILITIES,
  PORTFOLIO_VISIBILITY_LABELS,
  type Portfolio,
  type PortfolioSection,
  portfolioInputSchema,
} from '@placely/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { showSuccess } from '../../../lib/snackbar';
import { useSavePortfolio } from '../api/savePortfolio';

type Visibility = (typeof PORTFOLIO_VISIBILITIES)[number];

/** Create or change a portfolio: title, who can see it, which sections it shows. */
export function PortfolioDialog({ portfolio, onClose }: { portfolio: Portfolio | 'new'; onClose: () => void }) {
  const existing = portfolio === 'new' ? null : portfolio;
  const [title, setTitle] = useState(existing?.title ?? 'My portfolio');
  const [visibility, setVisibility] = useState<Visibility>(existing?.visibility ?? 'public');
  const [sections, setSections] = useState<PortfolioSection[]>(existing?.sections ?? [...PORTFOLIO_SECTIONS]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePortfolio();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = portfolioInputSchema.safeParse({ title, visibility, sections });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { ...(existing ? { id: existing.id } : {}), portfolio: parsed.data },
      {
        onSuccess: () => {
          showSuccess(existing ? 'Portfolio saved' : 'Portfolio created');
          onClose();
        },
        onError: (error) => setProblem(error instanceof ApiError ? error.message : 'Could not save the portfolio.'),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{existing ? 'Edit portfolio' : 'New portfolio'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            <TextField
              label="Title"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={Boolean(errors.title)}
              helperText={errors.title ?? 'Shown at the top of the page, e.g. “Data science”'}
              slotProps={{ htmlInput: { maxLength: PORTFOLIO_TITLE_MAX } }}
              autoFocus
            />
            <FormControl>
              <FormLabel id="portfolio-visibility">Who can see it</FormLabel>
              <RadioGroup
                aria-labelledby="portfolio-visibility"
                value={visibility}
                onChange={(event) => setVisibility(event.target.value as Visibility)}
              >
                {PORTFOLIO_VISIBILITIES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={PORTFOLIO_VISIBILITY_LABELS[value]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl error={Boolean(errors.sections)} component="fieldset">
              <FormLabel component="legend">Sections to show</FormLabel>
              <FormGroup>
                {PORTFOLIO_SECTIONS.map((section) => (
                  <FormControlLabel
                    key={section}
                    label={PORTFOLIO_SECTION_LABELS[section]}
                    control={
                      <Checkbox
                        checked={sections.includes(section)}
                        onChange={(event) =>
                          setSections((current) =>
                            event.target.checked ? [...current, section] : current.filter((item) => item !== section),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errors.sections && <FormHelperText>{errors.sections}</FormHelperText>}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {existing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
