import Button, { type ButtonProps } from '@mui/material/Button';
import { useSignIn } from '../useSignIn';
import { GoogleMark } from './GoogleMark';

export interface SignInButtonProps {
  /** Where to go after a completed sign-in. */
  next?: string | null;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
}

/** "Sign in with Google": opens the identity-provider popup. */
export function SignInButton({ next, size = 'medium', variant = 'contained', fullWidth }: SignInButtonProps) {
  const { signIn, pending } = useSignIn();
  const onPrimaryBar = variant === 'contained';
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      fullWidth={fullWidth ?? false}
      loading={pending}
      loadingPosition="start"
      startIcon={<GoogleMark />}
      onClick={() => {
        void signIn({ next: next ?? null });
      }}
      // A server-rendered page's small entry handles this click until the app has loaded (main.tsx).
      data-app-action="sign-in"
      sx={
        onPrimaryBar
          ? {
              bgcolor: '#fff',
              color: 'rgba(0, 0, 0, 0.87)',
              whiteSpace: 'nowrap',
              '&:hover': { bgcolor: 'grey.100' },
            }
          : { whiteSpace: 'nowrap' }
      }
    >
      Sign in with Google
    </Button>
  );
}
