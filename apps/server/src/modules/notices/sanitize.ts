import sanitizeHtml from 'sanitize-html';

const LINK = /^(https?:\/\/|mailto:)/i;
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/**
 * The only HTML a notice may carry: a few text tags, links to http/https/mailto (opened with
 * rel=noopener) and images from https or raster data URLs. Scripts, styles, event handlers and
 * every other attribute are dropped. Applied on write and again on read, so a row written by an
 * older rule, or by hand, is answered inert too.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'img'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      // Relative links are dropped too: only absolute http, https and mailto survive.
      attribs: {
        ...(attribs.href && LINK.test(attribs.href) ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer',
      },
    }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !(frame.attribs.src && (/^https:\/\//i.test(frame.attribs.src) || IMAGE_DATA_URL.test(frame.attribs.src))),
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
