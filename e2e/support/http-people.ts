/**
 * People who act only through the API in a browser test (applicants, a mailbox to read): signed in over HTTP with the
 * development identity provider, no page rendered, so a busy machine spends its time on the pages under test.
 * (hiring-journey, recruiter-messages, hiring-defects and candidate-panel keep copies of the same steps.)
 */
import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';

export interface HttpPerson {
  request: APIRequestContext;
  /** The Authorization header's value. */
  token: string;
  email: string;
}

/** A new Individual (or the one with `email`), signed in over HTTP; dispose `request` when done. */
export async function individualOverHttp(name: string, email = uniqueEmail('individual')): Promise<HttpPerson> {
  const baseURL = test.info().project.use.baseURL as string;
  const request = await playwrightRequest.newContext({ baseURL });
  const login = await request.get(`/api/auth/start?origin=${encodeURIComponent(new URL(baseURL).origin)}`);
  const form = /action="([^"]+)"/.exec(await login.text())?.[1];
  if (!form) throw new Error(`no login form (${login.status()})`);
  const callback = await request.post(new URL(form.replaceAll('&amp;', '&'), login.url()).toString(), {
    form: { email, name },
  });
  const json = /<script type="application\/json" id="placely-auth-result"[^>]*>(.*?)<\/script>/s.exec(
    await callback.text(),
  )?.[1];
  const token = json ? (JSON.parse(json) as { accessToken?: string }).accessToken : undefined;
  if (!token) throw new Error('sign-in did not complete');
  const signedIn = await request.post('/api/user/signIn', {
    headers: { Authorization: token },
    data: { assumeStudent: true },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return { request, token, email };
}

/** The person applies to an opening with a one-question form (openingInput's); answers the application's id. */
export async function applyAs(person: HttpPerson, openingId: string, name: string): Promise<string> {
  const applied = await person.request.post('/api/placements/campus/apply', {
    headers: { Authorization: person.token },
    data: {
      openingId,
      idempotencyKey: `e2e-${openingId}-${person.email.replace(/[^A-Za-z0-9_-]/g, '-')}`,
      answers: { name },
    },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  return (await applied.json()).result.data.id;
}

/** A new Individual who applies (and is not needed again); answers the application's id. */
export async function applyOverHttp(openingId: string, name: string): Promise<string> {
  const applicant = await individualOverHttp(name);
  const id = await applyAs(applicant, openingId, name);
  await applicant.request.dispose();
  return id;
}

/**
 * A browser of the person's own, signed in with their token as the app keeps it (localStorage), as after a reload:
 * no sign-in page to render first. The token lives 15 minutes, longer than any test here.
 */
export async function pageOf(browser: Browser, person: HttpPerson): Promise<Page> {
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [{ origin, localStorage: [{ name: 'placely.accessToken', value: person.token }] }],
    },
  });
  return context.newPage();
}
