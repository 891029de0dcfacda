import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './App';
import { PATHS, ROUTE_PATTERNS } from './paths';
import { RouteError } from './routes/RouteError';

const HomePage = lazy(() => import('./routes/HomePage'));
const SignInPage = lazy(() => import('./routes/SignInPage'));
const SignOutPage = lazy(() => import('./routes/SignOutPage'));
const SelectAccountTypePage = lazy(() => import('./routes/SelectAccountTypePage'));
const StudentProfilePage = lazy(() => import('./routes/StudentProfilePage'));
const ViewerPage = lazy(() => import('./routes/ViewerPage'));
const FormsPage = lazy(() => import('./routes/FormsPage'));
const sectionRoute = (name: keyof typeof import('./routes/StudentSectionRoutes')) =>
  lazy(() => import('./routes/StudentSectionRoutes').then((module) => ({ default: module[name] })));
const StudentEducationPage = sectionRoute('StudentEducationPage');
const StudentSkillsPage = sectionRoute('StudentSkillsPage');
const StudentProjectsPage = sectionRoute('StudentProjectsPage');
const StudentExperiencePage = sectionRoute('StudentExperiencePage');
const StudentOthersPage = sectionRoute('StudentOthersPage');
const StudentPlacementsPage = sectionRoute('StudentPlacementsPage');
const OrganizationProfilePage = lazy(() => import('./routes/OrganizationProfilePage'));
const OrganizationOpeningsPage = lazy(() => import('./routes/OrganizationOpeningsPage'));
// The builder brings the rich-text editor and drag-and-drop: they load with this route only.
const CreateOpeningPage = lazy(() => import('./routes/CreateOpeningPage'));
const OrganizationActivityPage = lazy(() => import('./routes/OrganizationActivityPage'));
const NotificationsPage = lazy(() => import('./routes/NotificationsPage'));
const AboutPage = lazy(() => import('./routes/AboutPage'));
const ContactPage = lazy(() => import('./routes/ContactPage'));
const PrivacyPolicyPage = lazy(() => import('./routes/PrivacyPolicyPage'));
const TermsPage = lazy(() => import('./routes/TermsPage'));
const groupRoute = (name: keyof typeof import('./routes/GroupRoutes')) =>
  lazy(() => import('./routes/GroupRoutes').then((module) => ({ default: module[name] })));
const OrganizationGroupsPage = groupRoute('OrganizationGroupsPage');
const OrganizationGroupRequestsPage = groupRoute('OrganizationGroupRequestsPage');
const OrganizationGroupFollowersPage = groupRoute('OrganizationGroupFollowersPage');
const JoinGroupLinkPage = groupRoute('JoinGroupLinkPage');
const verificationRoute = (name: keyof typeof import('./routes/VerificationRoutes')) =>
  lazy(() => import('./routes/VerificationRoutes').then((module) => ({ default: module[name] })));
const OrganizationVerificationsPage = verificationRoute('OrganizationVerificationsPage');
const OrganizationVerificationRequestsPage = verificationRoute('OrganizationVerificationRequestsPage');
const OrganizationVerificationFollowersPage = verificationRoute('OrganizationVerificationFollowersPage');
const JoinVerificationLinkPage = verificationRoute('JoinVerificationLinkPage');
// A shared shortlist: its own chunk, loaded only by people who open a link.
const ShortlistingPage = lazy(() => import('./routes/ShortlistingPage'));
const ComingSoonPage = lazy(() => import('./routes/ComingSoonPage'));
const NotFoundPage = lazy(() => import('./routes/NotFoundPage'));

/** Pages that later work fills in: title + one sentence of what will be there. */
const TOP_LEVEL_COMING_SOON: ReadonlyArray<{ path: string; title: string; description: string }> = [
  {
    path: PATHS.watch,
    title: 'Watch',
    description: 'Watch the videos candidates recorded for an opening’s tasks.',
  },
  {
    path: PATHS.uploadVideoForTask,
    title: 'Upload a video for a task',
    description: 'Record or upload the video an opening asks for as part of its application.',
  },
];

const comingSoon = (entries: typeof TOP_LEVEL_COMING_SOON): RouteObject[] =>
  entries.map(({ path, title, description }) => ({
    path,
    element: <ComingSoonPage title={title} description={description} />,
  }));

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      // Inside the shared layout (spec §2, first table).
      { path: PATHS.home, element: <HomePage /> },
      { path: PATHS.organization.profile, element: <OrganizationProfilePage /> },
      { path: PATHS.organization.openings, element: <OrganizationOpeningsPage /> },
      { path: PATHS.organization.createOpening, element: <CreateOpeningPage /> },
      { path: PATHS.organization.activity, element: <OrganizationActivityPage /> },
      { path: PATHS.notifications, element: <NotificationsPage /> },
      { path: PATHS.student.profile, element: <StudentProfilePage /> },
      { path: PATHS.student.education, element: <StudentEducationPage /> },
      { path: PATHS.student.skills, element: <StudentSkillsPage /> },
      { path: PATHS.student.projects, element: <StudentProjectsPage /> },
      { path: PATHS.student.experience, element: <StudentExperiencePage /> },
      { path: PATHS.student.others, element: <StudentOthersPage /> },
      { path: PATHS.student.placements, element: <StudentPlacementsPage /> },
      { path: PATHS.organization.groups, element: <OrganizationGroupsPage /> },
      { path: PATHS.organization.groupRequests, element: <OrganizationGroupRequestsPage /> },
      { path: PATHS.organization.groupFollowers, element: <OrganizationGroupFollowersPage /> },
      { path: ROUTE_PATTERNS.joinGroupLink, element: <JoinGroupLinkPage /> },
      { path: PATHS.organization.verifications, element: <OrganizationVerificationsPage /> },
      { path: PATHS.organization.verificationRequests, element: <OrganizationVerificationRequestsPage /> },
      { path: PATHS.organization.verificationFollowers, element: <OrganizationVerificationFollowersPage /> },
      { path: ROUTE_PATTERNS.joinVerificationLink, element: <JoinVerificationLinkPage /> },
      // Top-level routes.
      { path: PATHS.signIn, element: <SignInPage /> },
      { path: PATHS.signOut, element: <SignOutPage /> },
      { path: PATHS.selectAccountType, element: <SelectAccountTypePage /> },
      { path: PATHS.aboutUs, element: <AboutPage /> },
      { path: PATHS.contactUs, element: <ContactPage /> },
      { path: PATHS.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: PATHS.termsAndConditions, element: <TermsPage /> },
      { path: ROUTE_PATTERNS.viewer, element: <ViewerPage /> },
      { path: ROUTE_PATTERNS.forms, element: <FormsPage /> },
      { path: PATHS.shortlisting, element: <ShortlistingPage /> },
      ...comingSoon(TOP_LEVEL_COMING_SOON),
      { path: ROUTE_PATTERNS.notFound, element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
