import type { FastifyInstance } from 'fastify';

/** Sent by the server's own first-view requests; the portfolio view then does not count as a visit. */
export const SERVER_RENDER_HEADER = 'x-placely-render';

/** What the web's server-rendering entry (apps/web/src/app/server.tsx) takes; the shapes are the public API's. */
export type ServerPageData =
  | { page: 'form'; openingId: string; opening: unknown }
  | { page: 'viewer'; portfolioId: string; view: unknown }
  | { page: 'group'; groupId: string; group: unknown }
  | { page: 'verificationGroup'; groupId: string; group: unknown }
  | { page: 'home' };

export interface PublicPage {
  data: ServerPageData;
  /**
   * 'static': complete for a signed-out visitor, the app loads only for a signed-in one or on "Sign in";
   * 'boot': painted early, but the app loads at once (the page has buttons that need it).
   */
  mode: 'static' | 'boot';
  /** Link preview: title and description (Open Graph), when the page has its own. */
  meta?: { title: string; description: string; type: 'website' | 'profile' };
  /** A request the page makes to count the visit (a shared portfolio). */
  countView?: string;
  /** The API request the page makes once the service worker runs, so the worker has the data offline. */
  offline?: string;
  /** The route module whose chunks the page preloads when the app starts (apps/web/src/app/routes/<name>.tsx). */
  route: string;
}

const ONE_SEGMENT = /^\/(forms|viewer|joinGroupLink|joinVerificationLink)\/([^/]+)$/;

interface OpeningLike {
  title: string;
  deadline: string;
  status: string;
  applyMode: string;
  blocker: string | null;
  form: unknown;
  organization: { name: string | null };
}

function deadlineText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // India first (spec §9 audiences); the page itself shows the deadline with its time zone.
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(date);
}

/**
 * Which public pages the server renders, and their data: each is read through the public API itself (as a
 * signed-out visitor, in process), so the page shows exactly what the app would fetch. Unknown ids and private
 * records are not rendered: the app shell answers as before.
 */
export function createPublicPageLoader(app: FastifyInstance) {
  const get = async <T>(url: string): Promise<T | null> => {
    const response = await app.inject({ method: 'GET', url, headers: { [SERVER_RENDER_HEADER]: 'server' } });
    if (response.statusCode !== 200) return null;
    const body = response.json() as { result?: { data?: T } };
    return body.result?.data ?? null;
  };

  return async (pathname: string): Promise<PublicPage | null> => {
    if (pathname === '/')
      return {
        data: { page: 'home' },
        mode: 'static',
        route: 'HomePage',
        // The title the app gives it (useDocumentTitle), which a page that stays server-rendered must carry itself.
        meta: {
          title: 'Home · Placely',
          description: 'Placely: careers and campus placements for students and organizations, with Quick Apply Forms.',
          type: 'website',
        },
      };
    const match = ONE_SEGMENT.exec(pathname);
    if (!match) return null;
    const [, kind, rawId] = match;
    let id: string;
    try {
      id = decodeURIComponent(rawId ?? '');
    } catch {
      return null;
    }
    const query = encodeURIComponent(id);
    if (kind === 'forms') {
      const opening = await get<OpeningLike>(`/api/placements/campus/apply?openingId=${query}`);
      if (!opening || opening.blocker === 'notFound') return null;
      const organization = opening.organization.name ?? 'An organization';
      const deadline = deadlineText(opening.deadline);
      const simple = opening.blocker === null && opening.applyMode === 'form' && Boolean(opening.form);
      return {
        data: { page: 'form', openingId: id, opening },
        mode: simple ? 'static' : 'boot',
        offline: `/api/placements/campus/apply?openingId=${query}`,
        route: 'FormsPage',
        meta: {
          title: `${opening.title} · ${organization}`,
          description:
            opening.status === 'open' && deadline
              ? `${organization} is hiring: ${opening.title}. Apply by ${deadline} with Placely Quick Apply.`
              : `${organization}: ${opening.title}, on Placely.`,
          type: 'website',
        },
      };
    }
    if (kind === 'viewer') {
      const view = await get<unknown>(`/api/individual/portfolio/id?portfolioId=${query}`);
      if (!view) return null;
      return {
        data: { page: 'viewer', portfolioId: id, view },
        mode: 'static',
        route: 'ViewerPage',
        countView: `/api/individual/portfolio/id?portfolioId=${query}`,
      };
    }
    if (kind === 'joinGroupLink') {
      const group = await get<{ name: string; organization: { name: string } }>(`/api/group/details/id?id=${query}`);
      if (!group) return null;
      return {
        data: { page: 'group', groupId: id, group },
        mode: 'static',
        route: 'GroupRoutes',
        meta: {
          title: `Join ${group.name} · Placely`,
          description: `A group run by ${group.organization.name} on Placely.`,
          type: 'website',
        },
      };
    }
    const group = await get<{ name: string; approvalState: string }>(`/api/verification/details/id?id=${query}`);
    if (!group) return null;
    return {
      data: { page: 'verificationGroup', groupId: id, group },
      mode: 'static',
      route: 'VerificationRoutes',
      meta: {
        title: `Join ${group.name} · Placely`,
        description: 'A verification group on Placely: its verifiers vouch for members’ education and experience.',
        type: 'website',
      },
    };
  };
}
