import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { createContext, forwardRef, type HTMLAttributes, type UIEvent, useContext, useState } from 'react';
import { useDebounced } from '../../../lib/useDebounced';
import { useOpeningChoices } from '../api/listOpenings';

export interface OpeningChoice {
  id: string;
  title: string;
}

interface CommonProps {
  label: string;
  error?: string | undefined;
  helperText?: string | undefined;
  size?: 'small' | 'medium';
}
/** Several openings (a team role's scope) or one (a filter); the value keeps titles, so chosen openings stay named. */
export type OpeningPickerProps = CommonProps &
  (
    | { multiple: true; value: OpeningChoice[]; onChange: (value: OpeningChoice[]) => void }
    | { multiple?: false; value: OpeningChoice | null; onChange: (value: OpeningChoice | null) => void }
  );

const SEARCH_DELAY_MS = 300;

interface More {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}
const MoreContext = createContext<More>({ hasMore: false, loadingMore: false, loadMore: () => undefined });

/** The list of choices, which asks for the next page near its end and offers "Load more" for keyboards. */
const ListboxWithMore = forwardRef<HTMLUListElement, HTMLAttributes<HTMLElement>>(function ListboxWithMore(
  { children, onScroll, ...props },
  ref,
) {
  const more = useContext(MoreContext);
  const scrolled = (event: UIEvent<HTMLElement>) => {
    onScroll?.(event);
    const list = event.currentTarget;
    if (more.hasMore && !more.loadingMore && list.scrollTop + list.clientHeight >= list.scrollHeight - 48) {
      more.loadMore();
    }
  };
  return (
    <ul {...props} ref={ref} onScroll={scrolled}>
      {children}
      {more.hasMore && (
        <li role="presentation" style={{ padding: '4px 16px' }}>
          <Button
            size="small"
            fullWidth
            loading={more.loadingMore}
            // Keeps the input focused, so the list stays open.
            onMouseDown={(event) => event.preventDefault()}
            onClick={more.loadMore}
          >
            Load more openings
          </Button>
        </li>
      )}
    </ul>
  );
});

/**
 * The organization's openings, searched on the server as the person types (debounced) and paged as they scroll:
 * every opening can be chosen however many there are. Used for team members' scopes and the activity filter.
 */
export function OpeningPicker(props: OpeningPickerProps) {
  const { label, error, helperText, size = 'small' } = props;
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const search = useDebounced(input, SEARCH_DELAY_MS);
  const choices = useOpeningChoices(open ? search : '');
  const more: More = { hasMore: choices.hasMore, loadingMore: choices.loadingMore, loadMore: choices.loadMore };

  const common = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => {
      setOpen(false);
      setInput('');
    },
    options: choices.choices,
    loading: choices.loading,
    size,
    filterOptions: (options: OpeningChoice[]) => options,
    getOptionLabel: (option: OpeningChoice) => option.title,
    getOptionKey: (option: OpeningChoice) => option.id,
    isOptionEqualToValue: (option: OpeningChoice, selected: OpeningChoice) => option.id === selected.id,
    onInputChange: (_event: unknown, text: string, reason: string) => {
      if (reason === 'input' || reason === 'clear') setInput(text);
    },
    noOptionsText: search ? 'No openings match' : 'No openings yet',
    loadingText: 'Searching openings…',
    slots: { listbox: ListboxWithMore },
    renderInput: (params: Parameters<NonNullable<Parameters<typeof Autocomplete>[0]['renderInput']>>[0]) => (
      <TextField
        {...params}
        label={label}
        error={Boolean(error)}
        helperText={error ?? helperText ?? 'Type to find an opening by its title'}
      />
    ),
  };

  return (
    <MoreContext.Provider value={more}>
      {props.multiple ? (
        <Autocomplete<OpeningChoice, true, false, false>
          {...common}
          multiple
          disableCloseOnSelect
          value={props.value}
          onChange={(_event, value) => props.onChange(value)}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} label={option.title} size="small" {...itemProps} />;
            })
          }
        />
      ) : (
        <Autocomplete<OpeningChoice, false, false, false>
          {...common}
          value={props.value}
          onChange={(_event, value) => props.onChange(value)}
        />
      )}
    </MoreContext.Provider>
  );
}
