import Link from '@mui/material/Link';

export const MAIN_CONTENT_ID = 'main-content';

/** "Skip to main content": hidden until focused by keyboard. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={(theme) => ({
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      })}
    >
      Skip to main content
    </Link>
  );
}
