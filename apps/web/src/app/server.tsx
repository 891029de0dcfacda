// The server-rendering entry (built by `vite build --ssr` into apps/web/dist-ssr, loaded by the server's web.ts).
// It renders the same routes and components as the browser, for a signed-out visitor, with the page's data already in
// the query cache, so a public page paints its content without JavaScript and without an API round trip.
import { PassThrough } from 'node:stream';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { Group, PortfolioView, PublicOpening, VerificationGroup } from '@placely/contract';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { circleDetailsQueryKey } from '../features/membership/api/getCircleDetails';
import { GROUP_MEMBERSHIP, VERIFICATION_MEMBERSHIP } from '../features/membership/kinds';
import { portfolioViewQueryKey } from '../features/portfolio/api/getPortfolioView';
import { applyFormQueryKey } from '../features/quickApply/api/getApplyForm';
import { createQueryClient } from '../lib/queryClient';
import { App } from './App';
import { AppRoutes } from './router';

/** What the server loaded for the page (as its public API answers a signed-out visitor). */
export type ServerPageData =
  | { page: 'form'; openingId: string; opening: PublicOpening }
  | { page: 'viewer'; portfolioId: string; view: PortfolioView }
  | { page: 'group'; groupId: string; group: Group }
  | { page: 'verificationGroup'; groupId: string; group: VerificationGroup }
  | { page: 'home' };

export interface ServerRender {
  /** The markup of #root. */
  html: string;
  /** One <style> element with the CSS that markup uses (emotion), for the head. */
  styles: string;
}

function seededClient(data: ServerPageData) {
  const client = createQueryClient();
  if (data.page === 'form') client.setQueryData(applyFormQueryKey(data.openingId, 'anonymous'), data.opening);
  if (data.page === 'viewer') client.setQueryData(portfolioViewQueryKey(data.portfolioId), data.view);
  if (data.page === 'group')
    client.setQueryData(circleDetailsQueryKey(GROUP_MEMBERSHIP, data.groupId, false), data.group);
  if (data.page === 'verificationGroup')
    client.setQueryData(circleDetailsQueryKey(VERIFICATION_MEMBERSHIP, data.groupId, false), data.group);
  return client;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function renderOnce(url: string, data: ServerPageData) {
  const cache = createCache({ key: 'css' });
  // compat: collect the styles here instead of emitting <style> tags next to each element.
  cache.compat = true;
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <App queryClient={seededClient(data)}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </App>
    </CacheProvider>,
    // Large boundaries would otherwise be written out of order and completed by inline scripts the CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { html: await streamToString(prelude), cache };
}

/** Renders `url` (path and query) as a signed-out visitor's browser would, waiting for lazy routes. */
export async function renderPage(url: string, data: ServerPageData): Promise<ServerRender> {
  let attempt = await renderOnce(url, data);
  // The first render of a route waits for its lazy chunk and writes the page as a boundary completed by an inline
  // script, which the CSP (rightly) refuses. The chunk is loaded now, so a second render is plain HTML.
  if (attempt.html.includes('<template')) attempt = await renderOnce(url, data);
  const { html, cache } = attempt;
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  return { html, styles: `<style data-emotion="css ${ids.join(' ')}">${css}</style>` };
}
