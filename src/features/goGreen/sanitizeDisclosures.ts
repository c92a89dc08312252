/**
 * The disclosures come from the server as HTML and are rendered with dangerouslySetInnerHTML, so
 * they pass through a strict DOMPurify first: HTML elements only (no SVG or MathML, where most
 * mutation-XSS payloads live), no style, no forms or embeds, no event handlers, and links limited
 * to http(s), mailto, tel and relative addresses, opened in a new tab without an opener.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['svg', 'math', 'style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

let purifier: Purifier | null = null;

/** Our own instance: its hook must not change how anything else on the page is sanitized. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
  purifier = instance;
  return instance;
}

export function sanitizeDisclosures(html: string): string {
  return getPurifier().sanitize(html, CONFIG);
}
