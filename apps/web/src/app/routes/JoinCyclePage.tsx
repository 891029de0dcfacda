import { useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { JoinCycle } from '../../features/placement/components/JoinCycle';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { toCycleJoin, toStudentCycle } from '../paths';

const TITLE = 'Enrol in a placement cycle';

/** /placement/join?token= (issue 41): a cycle's self-enrolment link. */
export default function JoinCyclePage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <Page title={TITLE} maxWidth={640}>
      {accessToken ? (
        <JoinCycle token={token} cycleHref={toStudentCycle} />
      ) : (
        <SignInPrompt title="Sign in to enrol in the cycle" next={toCycleJoin(token)} />
      )}
    </Page>
  );
}
