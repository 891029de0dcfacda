import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppShell } from './App';
import { PATHS, ROUTE_PATTERNS } from './paths';
import { RouteErrorBoundary } from './routes/RouteError';

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
const TeamPage = lazy(() => import('./routes/TeamPage'));
const InterviewsPage = lazy(() => import('./routes/InterviewsPage'));
const RoundDayPage = lazy(() => import('./routes/RoundDayPage'));
const PlacementCellPage = lazy(() => import('./routes/PlacementCellPage'));
const JoinCyclePage = lazy(() => import('./routes/JoinCyclePage'));
const StudentCyclesPage = lazy(() => import('./routes/StudentCyclesPage'));
const CompanyCampusPage = lazy(() => import('./routes/CompanyCampusPage'));
const RoundPanelPage = lazy(() => import('./routes/RoundPanelPage'));
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
const WatchPage = lazy(() => import('./routes/WatchPage'));
const UploadVideoForTaskPage = lazy(() => import('./routes/UploadVideoForTaskPage'));
const NotFoundPage = lazy(() => import('./routes/NotFoundPage'));

/**
 * Every route of spec §2 under the shared shell. React Router's declarative routes (not the data router: the app
 * loads no data through routes, and the declarative router weighs ~16 KB gzip less on every first load); the browser
 * renders them in a HistoryRouter (start.tsx), the server in a StaticRouter (server.tsx).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<AppShell />}>
          {/* Inside the shared layout (spec §2, first table). */}
          <Route path={PATHS.home} element={<HomePage />} />
          <Route path={PATHS.organization.profile} element={<OrganizationProfilePage />} />
          <Route path={PATHS.organization.openings} element={<OrganizationOpeningsPage />} />
          <Route path={PATHS.organization.createOpening} element={<CreateOpeningPage />} />
          <Route path={PATHS.organization.activity} element={<OrganizationActivityPage />} />
          <Route path={PATHS.notifications} element={<NotificationsPage />} />
          <Route path={PATHS.team} element={<TeamPage />} />
          <Route path={PATHS.student.interviews} element={<InterviewsPage />} />
          <Route path={PATHS.organization.roundDay} element={<RoundDayPage />} />
          <Route path={PATHS.placementCell} element={<PlacementCellPage />} />
          <Route path={PATHS.placementJoin} element={<JoinCyclePage />} />
          <Route path={PATHS.student.cycles} element={<StudentCyclesPage />} />
          <Route path={PATHS.organization.campus} element={<CompanyCampusPage />} />
          <Route path={PATHS.student.profile} element={<StudentProfilePage />} />
          <Route path={PATHS.student.education} element={<StudentEducationPage />} />
          <Route path={PATHS.student.skills} element={<StudentSkillsPage />} />
          <Route path={PATHS.student.projects} element={<StudentProjectsPage />} />
          <Route path={PATHS.student.experience} element={<StudentExperiencePage />} />
          <Route path={PATHS.student.others} element={<StudentOthersPage />} />
          <Route path={PATHS.student.placements} element={<StudentPlacementsPage />} />
          <Route path={PATHS.organization.groups} element={<OrganizationGroupsPage />} />
          <Route path={PATHS.organization.groupRequests} element={<OrganizationGroupRequestsPage />} />
          <Route path={PATHS.organization.groupFollowers} element={<OrganizationGroupFollowersPage />} />
          <Route path={ROUTE_PATTERNS.joinGroupLink} element={<JoinGroupLinkPage />} />
          <Route path={PATHS.organization.verifications} element={<OrganizationVerificationsPage />} />
          <Route path={PATHS.organization.verificationRequests} element={<OrganizationVerificationRequestsPage />} />
          <Route path={PATHS.organization.verificationFollowers} element={<OrganizationVerificationFollowersPage />} />
          <Route path={ROUTE_PATTERNS.joinVerificationLink} element={<JoinVerificationLinkPage />} />
          {/* Top-level routes. */}
          <Route path={PATHS.signIn} element={<SignInPage />} />
          <Route path={PATHS.signOut} element={<SignOutPage />} />
          <Route path={PATHS.selectAccountType} element={<SelectAccountTypePage />} />
          <Route path={PATHS.aboutUs} element={<AboutPage />} />
          <Route path={PATHS.contactUs} element={<ContactPage />} />
          <Route path={PATHS.privacyPolicy} element={<PrivacyPolicyPage />} />
          <Route path={PATHS.termsAndConditions} element={<TermsPage />} />
          <Route path={ROUTE_PATTERNS.viewer} element={<ViewerPage />} />
          <Route path={ROUTE_PATTERNS.forms} element={<FormsPage />} />
          <Route path={PATHS.shortlisting} element={<ShortlistingPage />} />
          <Route path={PATHS.watch} element={<WatchPage />} />
          <Route path={PATHS.uploadVideoForTask} element={<UploadVideoForTaskPage />} />
          <Route path={PATHS.roundPanel} element={<RoundPanelPage />} />
          <Route path={ROUTE_PATTERNS.notFound} element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
