/**
 * A signed-in page's first view drawn once per view, not per borrower (issue 50): go-green and
 * profile spent half their CPU drawing the same antd form around one borrower's address. The view
 * is drawn with a placeholder in place of every string of the borrower's (the first answers' text
 * values, the config's `coacct`) and kept under what is left: the address without its query, the
 * config's servicer settings, the answers' flags and the servicer's own texts (`SERVICER_TEXTS`).
 * A request of that view gets the kept HTML with its own values in place of the placeholders,
 * escaped as React escapes text and attributes. A value of any other kind (a number, a list), a
 * query or a nonce: the view is drawn afresh, as before.
 *
 * What is kept holds nothing of one borrower (docs/security.md, control 49): the key and the HTML
 * are drawn from placeholders. Each view is checked once as it is made: the first request's own
 * draw must equal the kept one with its values put in (the same HTML and head styles); a view that
 * reads a value for more than showing it (a branch on an address's content) fails that check and
 * is drawn afresh on every request. server/test/keptSignedIn.test.ts compares kept and fresh pages
 * of every demo borrower.
 */
import { randomBytes } from 'node:crypto';
import type { ServerRendered, ServerRenderRequest } from '../../src/platform/renderProtocol';

/** Texts in the first answers that are the servicer's, the same for every borrower: kept as they are. */
const SERVICER_TEXTS = new Set(['getGoGreenStatus.disclosures']);

/** The most views kept: far above pages × languages × the flags a view reads. */
const KEPT_VIEWS_LIMIT = 200;

/** Unique to this process, so no borrower's value can equal a placeholder; shaped like an address, which a view may check. */
const MARK = randomBytes(8).toString('hex');
const placeholder = (index: number) => `lm${MARK}x${index}@placeholder.invalid`;

/** As React escapes text and attribute values (react-dom-server's escapeTextForBrowser). */
const REACT_ESCAPES: Record<string, string> = { '"': '&quot;', "'": '&#x27;', '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeLikeReact = (value: string) => value.replace(/["'&<>]/g, (character) => REACT_ESCAPES[character]!);

class NotKeepable extends Error {}

/** `value` with each string replaced by a placeholder (its value pushed on `values`); an empty string stays, as a view shows "none" for it. */
function blanked(value: unknown, path: string, values: string[]): unknown {
  if (typeof value === 'string') {
    if (value === '' || SERVICER_TEXTS.has(path)) return value;
    values.push(value);
    return placeholder(values.length - 1);
  }
  if (typeof value === 'boolean' || value === null || value === undefined) return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, blanked(inner, path ? `${path}.${key}` : key, values)]));
  }
  throw new NotKeepable(path);
}

interface Blanked {
  key: string;
  request: ServerRenderRequest;
  values: string[];
}

/** The request drawn with placeholders, its key and the values they stand for; null when it cannot be kept. */
function blank(request: ServerRenderRequest): Blanked | null {
  if (request.url.includes('?') || request.url.length > 200) return null;
  const config = request.config as Record<string, unknown>;
  if (typeof config !== 'object' || config === null || config.reset_nonce) return null;
  const values: string[] = [];
  try {
    const coacct = config.coacct === null || config.coacct === undefined ? config.coacct : blanked(String(config.coacct), 'coacct', values);
    const firstAnswers = request.firstAnswers ? (blanked(request.firstAnswers, '', values) as ServerRenderRequest['firstAnswers']) : undefined;
    const blankRequest: ServerRenderRequest = { url: request.url, config: { ...config, coacct }, ...(firstAnswers ? { firstAnswers } : {}) };
    return { key: JSON.stringify(blankRequest), request: blankRequest, values };
  } catch (error) {
    if (error instanceof NotKeepable) return null;
    throw error;
  }
}

function filled(view: ServerRendered, values: string[]): ServerRendered {
  let html = view.html;
  values.forEach((value, index) => {
    html = html.split(placeholder(index)).join(escapeLikeReact(value));
  });
  return { html, headStyles: view.headStyles };
}

/** Kept first views of one server, emptied when the build changes (`identity`, as PageCache). */
export class KeptViews {
  private build = '';
  private readonly views = new Map<string, Promise<ServerRendered | null>>();

  constructor(private readonly identity: () => string) {}

  /** The first view of `request`, from the kept view when there is one, else drawn by `draw` (and kept when it checks out). */
  async draw(request: ServerRenderRequest, draw: (request: ServerRenderRequest) => Promise<ServerRendered | null>): Promise<ServerRendered | null> {
    const blanked = blank(request);
    if (!blanked) return draw(request);
    const build = this.identity();
    if (build !== this.build) {
      this.views.clear();
      this.build = build;
    }
    const kept = this.views.get(blanked.key);
    if (kept) {
      const view = await kept;
      return view ? filled(view, blanked.values) : draw(request);
    }
    if (this.views.size >= KEPT_VIEWS_LIMIT) return draw(request);
    const own = draw(request);
    const made = (async () => {
      const [view, mine] = await Promise.all([draw(blanked.request), own]);
      if (!view || !mine) return null;
      const check = filled(view, blanked.values);
      return check.html === mine.html && check.headStyles === mine.headStyles ? view : null;
    })();
    this.views.set(blanked.key, made);
    // a view that could not be drawn (a render error, no build) is tried again; one that failed its check is drawn afresh from now on
    made
      .then((view) => {
        if (view === null && this.views.get(blanked.key) === made) {
          return own.then((mine) => {
            if (mine === null) this.views.delete(blanked.key);
          });
        }
        return undefined;
      })
      .catch(() => this.views.delete(blanked.key));
    return own;
  }

  /** What is kept, for tests: each key and its view (null: drawn afresh on every request). */
  async contents(): Promise<Array<{ key: string; view: ServerRendered | null }>> {
    return Promise.all([...this.views].map(async ([key, view]) => ({ key, view: await view.catch(() => null) })));
  }
}
