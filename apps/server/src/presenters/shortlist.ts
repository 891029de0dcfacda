import type { ShareLink, Shortlist } from '@placely/contract';
import { linkState, type ShareLinkRow } from '../services/shortlisting/share-links';
import type { ShortlistRow } from '../services/shortlisting/shortlists';

/** A shortlist as its organization sees it: every field that leaves the server is named here. */
export function presentShortlist(
  row: ShortlistRow,
  openingTitle: string,
  entries: number,
  abilities: Shortlist['abilities'],
): Shortlist {
  return {
    id: row.id,
    openingId: row.openingId,
    openingTitle,
    name: row.name,
    fields: row.fields,
    count: entries,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities,
  };
}

/** A share link for its organization; `url` only in the answer that created it (the token is not kept). */
export function presentShareLink(row: ShareLinkRow, createdBy: string | null, url: string | null = null): ShareLink {
  return {
    id: row.id,
    shortlistId: row.shortlistId,
    label: row.label,
    fields: row.fields,
    state: linkState(row),
    requireEmail: row.requireEmail,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy,
    views: row.views,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    url,
  };
}
