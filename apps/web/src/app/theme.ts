import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS, THEME_COLORS } from '@placely/contract';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** Theme of spec §9: primary/secondary colours, Roboto, breakpoints 600/960/1280/1920/2560. */
export const theme = createTheme({
  palette: {
    primary: { main: THEME_COLORS.primary },
    secondary: { main: THEME_COLORS.secondary },
    // MUI's white on orange is 3.11:1 (the builder's "Unsaved changes" chip); near-black on it is 6.7:1 (WCAG AA).
    warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#f6f8fb' },
  },
  breakpoints: { values: { ...BREAKPOINTS } },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 500 },
    h2: { fontSize: '1.75rem', fontWeight: 500 },
    h3: { fontSize: '1.4rem', fontWeight: 500 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // A visible keyboard focus everywhere.
        ':focus-visible': { outline: `3px solid ${THEME_COLORS.secondary}`, outlineOffset: 2 },
        '#main-content:focus': { outline: 'none' },
        // People who ask their system for less motion get none from the interface: transitions, ripples and
        // scrolling end at once. Progress indicators keep moving (they say the app is busy, not decorate it).
        '@media (prefers-reduced-motion: reduce)': {
          '*:not([role="progressbar"], [role="progressbar"] *), *::before, *::after': {
            animationDuration: '1ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '1ms !important',
            transitionDelay: '0ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    // One visible focus style for every control: ButtonBase (buttons, icon buttons, list buttons, tabs, and the
    // checkboxes, radios and switches, whose focus sits on a hidden input) resets the outline and draws only a
    // ripple, so the same ring as ':focus-visible' goes on its keyboard-focused root.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: `3px solid ${THEME_COLORS.secondary}`, outlineOffset: 2 } },
      },
    },
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 500 } } },
  },
});
