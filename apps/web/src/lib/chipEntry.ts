import type { AutocompleteInputChangeReason } from '@mui/material/Autocomplete';
import { type KeyboardEvent, type SyntheticEvent, useState } from 'react';

/** The texts typed into a chip input: split at commas, trimmed, empty ones left out. */
export function chipTexts(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/**
 * How every chip input takes its chips (issue 43): Enter and comma both add what was typed (a pasted "a, b" adds
 * two), and neither ever reaches a surrounding form or dialog — Enter in an empty chip input submits nothing. The
 * result spreads onto a MUI `Autocomplete` (`freeSolo`); `add` receives the new texts.
 */
export function useChipEntry(add: (texts: string[]) => void) {
  const [inputValue, setInputValue] = useState('');
  const commit = (text: string) => {
    const texts = chipTexts(text);
    if (texts.length > 0) add(texts);
    setInputValue('');
  };
  return {
    inputValue,
    onInputChange: (_event: SyntheticEvent, value: string, reason: AutocompleteInputChangeReason) => {
      // A comma typed or pasted ends a chip; what follows the last comma stays in the input.
      if (reason === 'input' && value.includes(',')) {
        const cut = value.lastIndexOf(',');
        const done = chipTexts(value.slice(0, cut));
        if (done.length > 0) add(done);
        setInputValue(value.slice(cut + 1).trimStart());
        return;
      }
      setInputValue(value);
    },
    onKeyDown: (event: KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }) => {
      if (event.key !== 'Enter' && event.key !== ',') return;
      if (event.nativeEvent.isComposing) return;
      // Ours alone: not the Autocomplete's own Enter handling, and no submit of a form or dialog around it.
      event.preventDefault();
      event.stopPropagation();
      event.defaultMuiPrevented = true;
      commit(inputValue);
    },
    onBlur: () => commit(inputValue),
  };
}
