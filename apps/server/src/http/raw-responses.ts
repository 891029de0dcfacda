import { z } from '@placely/contract';

/**
 * Responses that are not the JSON envelope — files, exports, pages, streams, redirects — described for the OpenAPI
 * document as the content types they are, so an integrator's generated client knows what comes back (the document
 * test fails a route without a described success response).
 */
const bytes = () => z.string().meta({ format: 'binary' });

interface DocumentedResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/**
 * A route's non-JSON responses, for the document only: typed as any status to any body, because these routes write
 * streams, pages and errors of their own kinds (a page for a refused sign-in, 416 for a bad range) that the JSON
 * envelope's typing does not describe.
 */
export const rawResponses = (
  responses: Record<number, DocumentedResponse | z.ZodNull>,
): Record<number, DocumentedResponse | z.ZodNull> => responses;

/** The bytes of a stored file, of whatever type it was recognised as when uploaded. */
export const fileBytesResponse = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: bytes() } },
});

/** A spreadsheet export: CSV or XLSX, as the `format` parameter asks. */
export const exportResponse = (description: string) => ({
  description,
  content: {
    'text/csv': { schema: z.string() },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: bytes() },
  },
});

/** A page for a person in a browser (the sign-in popup's last step, an unsubscribe confirmation). */
export const htmlResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/** Server-Sent Events. */
export const eventStreamResponse = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: z.string() } },
});

/** A redirect, without a body; the `Location` header says where. */
export const redirectResponse = (description: string) => z.null().describe(description);
