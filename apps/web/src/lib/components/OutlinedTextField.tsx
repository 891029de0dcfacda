import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ChangeEvent, type FocusEvent, type ReactNode, type Ref, useId } from 'react';

export interface OutlinedTextFieldProps {
  label: ReactNode;
  value: string | number;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  multiline?: boolean;
  minRows?: number;
  autoComplete?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** Keeps the label above the input (dates, selects). */
  shrinkLabel?: boolean;
  /** Attributes of the <input> itself (inputMode, maxLength, aria-label…). */
  htmlInput?: Record<string, unknown>;
  /** A native <select> with these <option>s instead of a text input. */
  nativeSelectOptions?: ReactNode;
}

/**
 * MUI's outlined TextField (the same label, notch, helper text and ids: `<id>-helper-text`, aria-describedby) built
 * from its parts. TextField itself imports MUI's Select, and with it Menu, Popover and MenuList — about 12 KB gzip
 * on every page that shows a form, though these forms only ever use a native select.
 */
export function OutlinedTextField({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  required,
  fullWidth,
  error,
  helperText,
  type,
  multiline,
  minRows,
  autoComplete,
  size,
  sx,
  shrinkLabel,
  htmlInput,
  nativeSelectOptions,
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = `${id}-label`;
  const input = (
    <OutlinedInput
      label={label}
      {...(shrinkLabel === undefined ? {} : { notched: shrinkLabel })}
      {...(nativeSelectOptions === undefined ? { 'aria-describedby': helperTextId } : {})}
    />
  );
  return (
    <FormControl
      variant="outlined"
      required={required}
      fullWidth={fullWidth}
      error={error}
      size={size}
      {...(sx ? { sx } : {})}
    >
      <InputLabel htmlFor={id} id={inputLabelId} {...(shrinkLabel === undefined ? {} : { shrink: shrinkLabel })}>
        {label}
      </InputLabel>
      {nativeSelectOptions === undefined ? (
        <OutlinedInput
          id={id}
          label={label}
          {...(shrinkLabel === undefined ? {} : { notched: shrinkLabel })}
          aria-describedby={helperTextId}
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          inputRef={inputRef}
          type={type}
          multiline={multiline}
          minRows={minRows}
          autoComplete={autoComplete}
          inputProps={htmlInput}
        />
      ) : (
        <NativeSelect
          input={input}
          id={id}
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          inputRef={inputRef}
          inputProps={htmlInput}
        >
          {nativeSelectOptions}
        </NativeSelect>
      )}
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
