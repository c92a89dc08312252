import { sanitizeDisclosures } from './sanitizeDisclosures';

/** Parses the sanitized HTML the way the browser will when it is rendered. */
function rendered(html: string) {
  const box = document.createElement('div');
  box.innerHTML = sanitizeDisclosures(html);
  return box;
}

const eventHandlers = (root: Element) =>
  [root, ...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].filter((attribute) => attribute.name.toLowerCase().startsWith('on')).map((a) => a.name),
  );

describe('sanitizeDisclosures', () => {
  test('keeps the ordinary disclosure markup', () => {
    const box = rendered('<h3>E-Sign</h3><p>You <strong>agree</strong> to:</p><ul><li>one</li></ul><a href="https://example.com/terms">Terms</a>');
    expect(box.querySelector('h3')?.textContent).toBe('E-Sign');
    expect(box.querySelectorAll('li')).toHaveLength(1);
    expect(box.querySelector('a')?.getAttribute('href')).toBe('https://example.com/terms');
  });

  test("keeps a part's language (English disclosures on a Spanish page are read with an English voice)", () => {
    expect(rendered('<div lang="en"><p>English only</p></div>').querySelector('div')?.getAttribute('lang')).toBe('en');
  });

  test.each([
    ['script tags', '<p>x</p><script>alert(1)</script>'],
    ['img onerror', '<img src="x" onerror="alert(1)">'],
    ['body onload', '<body onload="alert(1)"><p>x</p></body>'],
    ['svg onload', '<svg onload="alert(1)"><circle r="4"/></svg>'],
    ['svg script', '<svg><script>alert(1)</script></svg>'],
    ['svg animate href', '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>'],
    ['math mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['style tag', '<style>@import "https://evil.example/x.css";</style><p>x</p>'],
    ['form action', '<form action="javascript:alert(1)"><button>go</button></form>'],
    ['details ontoggle', '<details open ontoggle="alert(1)"><summary>x</summary></details>'],
  ])('strips %s', (_name, payload) => {
    const box = rendered(payload);
    expect(box.querySelector('script, svg, math, iframe, style, form, button, animate')).toBeNull();
    expect(eventHandlers(box)).toEqual([]);
    expect(box.innerHTML).not.toMatch(/javascript:/i);
  });

  test.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'])(
    'removes the dangerous link %j',
    (href) => {
      const link = rendered(`<a href="${href}">click</a>`).querySelector('a');
      expect(link?.getAttribute('href') ?? null).toBeNull();
    },
  );

  test('links open in a new tab without access to this page', () => {
    const link = rendered('<a href="/loanmanager/terms/" target="_self">terms</a>').querySelector('a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(rendered('<p target="_top">x</p>').querySelector('p')).not.toHaveAttribute('target');
  });

  test('inline styles are dropped (no overlay or clickjacking tricks)', () => {
    expect(rendered('<p style="position:fixed;inset:0">x</p>').querySelector('p')).not.toHaveAttribute('style');
  });
});
