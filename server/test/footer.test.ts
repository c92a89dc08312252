/** The page footer: where borrowers get help (from the configuration), and the privacy and accessibility pages. */
import { optionsFromEnv } from '../config';
import { startTestServer, type TestServer } from './harness';

const HELP = { phone: '1-800-555-0199', hours: 'every day, 7 am to 9 pm Central', email: 'care@servicer.example' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ help: HELP });
});
afterAll(async () => {
  await server.close();
});

const footerOf = (html: string) => /<footer class="site-footer">(.*?)<\/footer>/s.exec(html)?.[1] ?? null;

test.each(['/loanmanager/login/', '/loanmanager/register/', '/loanmanager/reset_password/abc/', '/loanmanager/privacy/'])(
  '%s has the footer with the configured help line and the two links',
  async (url) => {
    const page = await server.client().get(url);
    expect(page.statusCode).toBe(200);
    const footer = footerOf(page.body);
    expect(footer).toContain(
      'Questions about your loan? Call <a href="tel:18005550199">1-800-555-0199</a>, every day, 7 am to 9 pm Central, ' +
        'or email <a href="mailto:care@servicer.example">care@servicer.example</a>.',
    );
    expect(footer).toContain('<a href="/loanmanager/privacy/">Privacy</a>');
    expect(footer).toContain('<a href="/loanmanager/accessibility/">Accessibility</a>');
  },
);

test('signed-in pages have it too', async () => {
  const client = server.client();
  await client.login('dana.demo');
  expect(footerOf((await client.get('/loanmanager/loanoverview/')).body)).toContain('1-800-555-0199');
});

test('the privacy and accessibility pages answer for anyone, with their headings and the help line', async () => {
  const privacy = await server.client().get('/loanmanager/privacy/');
  expect(privacy.body).toContain('<h1>Privacy</h1>');
  expect(privacy.body).toContain('there are no advertising or tracking cookies');
  const accessibility = await server.client().get('/loanmanager/accessibility/');
  expect(accessibility.statusCode).toBe(200);
  expect(accessibility.body).toContain('<h1>Accessibility</h1>');
  expect(accessibility.body).toContain('WCAG) 2.2 at level AA');
  expect(accessibility.body).toContain('care@servicer.example');
  // in their text as in the footer, the number is a link that calls it (and never breaks: a[href^="tel:"])
  const main = (body: string) => body.slice(body.indexOf('<main'), body.indexOf('</main>'));
  expect(main(privacy.body)).toContain('<a href="tel:18005550199">1-800-555-0199</a>');
  expect(main(accessibility.body)).toContain('<a href="tel:18005550199">1-800-555-0199</a>');
});

test('the help line comes from HELP_PHONE, HELP_HOURS and HELP_EMAIL, with obviously fake defaults', () => {
  expect(optionsFromEnv({ HELP_PHONE: '1-800-555-0123', HELP_HOURS: 'weekdays', HELP_EMAIL: 'x@y.example' }).help).toEqual({
    phone: '1-800-555-0123',
    hours: 'weekdays',
    email: 'x@y.example',
  });
  // without HELP_HOURS, the demo hours come from the catalog, in the page's language
  expect(optionsFromEnv({}).help).toEqual({ phone: '1-800-555-0100', hours: null, email: 'help@loanmanager.example' });
});

test('what the configuration says is escaped, never trusted as HTML', async () => {
  const hostile = await startTestServer({ help: { phone: '1-800-555-0100', hours: '<script>x()</script>', email: 'a"b@c.example' } });
  try {
    const footer = footerOf((await hostile.client().get('/loanmanager/login/')).body);
    expect(footer).not.toContain('<script>');
    expect(footer).toContain('&lt;script&gt;');
    expect(footer).toContain('mailto:a&quot;b@c.example');
  } finally {
    await hostile.close();
  }
});
