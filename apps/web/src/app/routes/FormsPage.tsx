import { linkPrefillSearch } from '@placely/contract';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { SignInButton } from '../../features/auth/components/SignInButton';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { OpeningApplication } from '../../features/quickApply/components/OpeningApplication';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS, toForm, toFormEdit, toUploadVideoForTask } from '../paths';

// The applications list and its pending video tasks load with /forms only: a form link (the page's weight budget)
// never loads them.
const MyApplicationsList = lazy(() =>
  import('../../features/quickApply/components/MyApplicationsList').then((module) => ({
    default: module.MyApplicationsList,
  })),
);
const PendingVideoTasks = lazy(() =>
  import('../../features/videoTasks/components/PendingVideoTasks').then((module) => ({
    default: module.PendingVideoTasks,
  })),
);

function OpeningFormPage({ openingId }: { openingId: string }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <OpeningApplication
      openingId={openingId}
      editing={search.has('edit')}
      editTo={toFormEdit(openingId)}
      viewTo={toForm(openingId)}
      onLeaveEdit={() => navigate(toForm(openingId), { replace: true })}
      // Back to the same address after signing in, its pre-fill values (`?prefill[id]=`) included.
      signIn={<SignInButton next={`${pathname}${linkPrefillSearch(search)}`} variant="contained" />}
    />
  );
}

/** /forms/{openingId}: an opening's Quick Apply Form. /forms: the signed-in person's applications. */
export default function FormsPage() {
  const { openingId } = useParams();
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  if (openingId) return <OpeningFormPage key={openingId} openingId={openingId} />;
  return (
    <Page title="Your applications" intro="The openings you applied to, newest first.">
      {signedIn ? (
        <>
          <Suspense fallback={null}>
            <PendingVideoTasks answerTo={toUploadVideoForTask} />
          </Suspense>
          <Suspense fallback={null}>
            <MyApplicationsList />
          </Suspense>
        </>
      ) : (
        <SignInPrompt
          title="Sign in to see your applications"
          description="Sign in with Google to see the openings you applied to and edit your answers."
          next={PATHS.forms}
        />
      )}
    </Page>
  );
}
