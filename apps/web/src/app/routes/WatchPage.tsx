import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { useVideoAnswer } from '../../features/videoTasks/api/getVideoAnswer';
import { VideoWatch } from '../../features/videoTasks/components/VideoWatch';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { toWatch } from '../paths';

/** /watch?answer=: the organization reviews an answer (the candidate watches their own). */
export default function WatchPage() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const answerId = params.get('answer') ?? '';
  const token = useAppStore((state) => state.accessToken);
  const answer = useVideoAnswer(answerId, Boolean(token && answerId));
  const goTo = useCallback((id: string) => navigate(toWatch(id)), [navigate]);
  if (!answerId) {
    return (
      <Page title="Watch">
        <Alert severity="info">Open an answer from an opening’s video tasks to watch it.</Alert>
      </Page>
    );
  }
  if (!token) {
    return (
      <Page title="Watch">
        <SignInPrompt title="Sign in to watch this answer" next={`${pathname}${search}`} />
      </Page>
    );
  }
  return (
    <Page title="Watch" maxWidth={1000}>
      {answer.isPending && <CircularProgress aria-label="Loading the answer" />}
      {answer.isError && <Alert severity="error">You cannot watch this answer, or it does not exist.</Alert>}
      {answer.data && <VideoWatch key={answer.data.id} view={answer.data} onGoTo={goTo} />}
    </Page>
  );
}
