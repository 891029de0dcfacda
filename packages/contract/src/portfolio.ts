import {
  educationEntrySchema,
  experienceEntrySchema,
  otherEntrySchema,
  PORTFOLIO_VISIBILITIES,
  placementEntrySchema,
  projectEntrySchema,
  skillEntrySchema,
} from './individual';
import { verificationBadgeSchema } from './verification';
import * as z from './zod';

/** Sections a portfolio can show, in the order the viewer shows them. */
export const PORTFOLIO_SECTIONS = ['education', 'experience', 'projects', 'skills', 'others', 'placements'] as const;
export const portfolioSectionSchema = z.enum(PORTFOLIO_SECTIONS);
export type PortfolioSection = z.infer<typeof portfolioSectionSchema>;
export const PORTFOLIO_SECTION_LABELS: Record<PortfolioSection, string> = {
  education: 'Education',
  experience: 'Experience',
  projects: 'Projects',
  skills: 'Skills',
  others: 'Certifications and more',
  placements: 'Placements',
};
export const PORTFOLIO_VISIBILITY_LABELS: Record<(typeof PORTFOLIO_VISIBILITIES)[number], string> = {
  public: 'Anyone with the link',
  private: 'Only me',
};
export const PORTFOLIOS_PER_USER = 10;
export const PORTFOLIO_TITLE_MAX = 120;
/** Portfolio ids are random, URL-safe and unguessable; regenerating one retires every old link. */
export const PORTFOLIO_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;

export const portfolioInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Give the portfolio a title').max(PORTFOLIO_TITLE_MAX),
  visibility: z.enum(PORTFOLIO_VISIBILITIES, { message: 'Choose who can see it' }),
  sections: z
    .array(portfolioSectionSchema)
    .min(1, 'Show at least one section')
    .transform((sections) => PORTFOLIO_SECTIONS.filter((section) => sections.includes(section))),
});
export type PortfolioInput = z.input<typeof portfolioInputSchema>;

export const portfolioSchema = z
  .object({
    id: z.string(),
    portfolioId: z.string(),
    title: z.string(),
    visibility: z.enum(PORTFOLIO_VISIBILITIES),
    sections: z.array(portfolioSectionSchema),
    viewCount: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Portfolio' });
export type Portfolio = z.infer<typeof portfolioSchema>;
export const portfolioListSchema = z.object({ portfolios: z.array(portfolioSchema) }).meta({ id: 'PortfolioList' });

export const portfolioIdQuerySchema = z.strictObject({
  portfolioId: z.string().regex(PORTFOLIO_ID_PATTERN, 'Not a portfolio id'),
});

/** What the viewer page shows: the owner's public details and the chosen sections, nothing else. */
export const portfolioViewSchema = z
  .object({
    portfolioId: z.string(),
    title: z.string(),
    isOwner: z.boolean(),
    visibility: z.enum(PORTFOLIO_VISIBILITIES),
    person: z.object({
      name: z.string(),
      photo: z.string().nullable(),
      headline: z.string().nullable(),
      about: z.string().nullable(),
      location: z.string().nullable(),
      linkedin: z.string().nullable(),
      github: z.string().nullable(),
      website: z.string().nullable(),
    }),
    sections: z.array(portfolioSectionSchema),
    education: z.array(educationEntrySchema),
    experience: z.array(experienceEntrySchema),
    projects: z.array(projectEntrySchema),
    skills: z.array(skillEntrySchema),
    others: z.array(otherEntrySchema),
    placements: z.array(placementEntrySchema),
    /** Verified records among those shown: who vouched for each and when. */
    badges: z.array(verificationBadgeSchema),
  })
  .meta({ id: 'PortfolioView' });
export type PortfolioView = z.infer<typeof portfolioViewSchema>;

/** GET /api/user/preskilet: the short public card of a portfolio's owner (served by the profile service host). */
export const profileCardSchema = z
  .object({
    name: z.string(),
    headline: z.string().nullable(),
    photo: z.string().nullable(),
    skills: z.array(z.string()),
    portfolioId: z.string(),
  })
  .meta({ id: 'ProfileCard' });
export type ProfileCard = z.infer<typeof profileCardSchema>;

// Who viewed me -------------------------------------------------------------------------------------------------

export const VIEW_SUBJECTS = ['portfolio', 'resume'] as const;
export const profileViewSchema = z
  .object({
    id: z.string(),
    organizationName: z.string(),
    subject: z.enum(VIEW_SUBJECTS),
    portfolioTitle: z.string().nullable(),
    viewedAt: z.string(),
  })
  .meta({ id: 'ProfileView' });
export type ProfileView = z.infer<typeof profileViewSchema>;

export const viewersQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1, 'Pages start at 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const viewersPageSchema = z
  .object({
    views: z.array(profileViewSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    anonymousViews: z.number(),
  })
  .meta({ id: 'ViewersPage' });
export type ViewersPage = z.infer<typeof viewersPageSchema>;
