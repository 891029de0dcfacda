import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { MyRounds } from '../../features/rounds/components/MyRounds';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

const TITLE = 'Interviews';

/** /student/interviews: the candidate's rounds, to book, move or cancel a slot. */
export default function InterviewsPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  return (
    <Page title={TITLE}>
      {accessToken ? (
        <MyRounds />
      ) : (
        <SignInPrompt title="Sign in to see your interviews" next={PATHS.student.interviews} />
      )}
    </Page>
  );
}
