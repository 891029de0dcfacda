import sanitizeHtml from 'sanitize-html';

/**
 * The rich-text subset an opening's description may use. Everything else is dropped (tags unwrapped, attributes
 * removed); links may only be http(s) or mailto and always open safely in a new tab.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote', 'code'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
  allowedSchemesAppliedToAttributes: ['href'],
};
const RICH_TEXT_OUTPUT: sanitizeHtml.IOptions = {
  ...RICH_TEXT,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
};

/** Sanitizes organization-written rich text before it is stored; plain text comes back as escaped text. */
export function sanitizeRichText(html: string): string {
  const looksLikeHtml = /<[a-z!/]/i.test(html);
  const source = looksLikeHtml ? html : plainTextToHtml(html);
  // Two passes: the first drops unknown tags and attributes, the second keeps the rel/target we add ourselves.
  return sanitizeHtml(sanitizeHtml(source, RICH_TEXT), RICH_TEXT_OUTPUT).trim();
}

/** Visible text of stored rich text, for exports and previews. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h2|h3|blockquote)>|<br\s*\/?>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function plainTextToHtml(text: string): string {
  const escapeHtml = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
