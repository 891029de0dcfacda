import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useLocation, useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { useVideoTask } from '../../features/videoTasks/api/getVideoTask';
import { VideoTaskAnswer } from '../../features/videoTasks/components/VideoTaskAnswer';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { toWatch } from '../paths';

/** /UploadVideoForTask?task=: a candidate records or uploads their answer; signed out it shows the task and asks to sign in. */
export default function UploadVideoForTaskPage() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const taskId = params.get('task') ?? '';
  const token = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  // Waits for the session to settle, like form links, so a signed-in person never sees the signed-out page first.
  const viewer = token ? (user?.userId ?? null) : 'anonymous';
  const task = useVideoTask(taskId, taskId ? viewer : null);
  if (!taskId) {
    return (
      <Page title="Video task">
        <Alert severity="info">Open the link the organization sent you to answer its video task.</Alert>
      </Page>
    );
  }
  return (
    <Page title="Video task" maxWidth={820}>
      {task.isPending && <CircularProgress aria-label="Loading the task" />}
      {task.isError && <Alert severity="error">This video task does not exist or is no longer open.</Alert>}
      {task.data && (
        <VideoTaskAnswer
          page={task.data}
          watchTo={toWatch}
          signIn={
            <SignInPrompt
              title="Sign in to answer"
              description="Sign in with Google to record or upload your answer."
              next={`${pathname}${search}`}
            />
          }
        />
      )}
    </Page>
  );
}
