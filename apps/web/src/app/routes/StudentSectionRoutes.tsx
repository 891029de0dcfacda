import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { SectionEditor } from '../../features/sections/components/SectionEditor';
import { SkillsEditor } from '../../features/sections/components/SkillsEditor';
import { StudentSectionPage } from '../../features/sections/components/StudentSectionPage';
import {
  EDUCATION,
  EXPERIENCE,
  OTHERS,
  PLACEMENTS,
  PROJECTS,
  type SectionConfig,
} from '../../features/sections/sectionConfigs';
import { PATHS } from '../paths';

function sectionPage(config: SectionConfig, path: string) {
  return function SectionRoute() {
    return (
      <StudentSectionPage
        title={config.title}
        intro={config.intro}
        signInPrompt={<SignInPrompt title={`Sign in to edit your ${config.title.toLowerCase()}`} next={path} />}
      >
        <SectionEditor config={config} />
      </StudentSectionPage>
    );
  };
}

export const StudentEducationPage = sectionPage(EDUCATION, PATHS.student.education);
export const StudentExperiencePage = sectionPage(EXPERIENCE, PATHS.student.experience);
export const StudentProjectsPage = sectionPage(PROJECTS, PATHS.student.projects);
export const StudentOthersPage = sectionPage(OTHERS, PATHS.student.others);
export const StudentPlacementsPage = sectionPage(PLACEMENTS, PATHS.student.placements);

export function StudentSkillsPage() {
  return (
    <StudentSectionPage
      title="Skills"
      intro="Skills fill the skills question of Quick Apply Forms. The same skill is kept once."
      signInPrompt={<SignInPrompt title="Sign in to edit your skills" next={PATHS.student.skills} />}
    >
      <SkillsEditor />
    </StudentSectionPage>
  );
}
