import { Client } from '@canopy/client';
import { DEMO_ACCOUNTS, readOutbox } from '@canopy/platform';
import { DEMO_HOSTS, type RunningSiteServer, startSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, csrfTokenOf, formBody } from '../../packages/web/src/test-support/cookie-jar.js';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import { renderer } from './entry-server.js';

// The account pages in Welsh over real HTTP, from a real platform with the demo accounts: the
// Welsh sign-in page's words, a failed sign-in sent from it coming back to it with its messages
// in Welsh, and a password reset asked for on a Welsh page mailing Welsh words with a link to
// the Welsh reset page on the site's configured address. Rendered from source (no build).

const HOST = 'www.aberwen.example';
const LIVE = `https://${HOST}`;
const member = DEMO_ACCOUNTS.find((account) => account.username === 'member');

let platform: TestPlatform;
let server: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  server = await startSiteServer({
    renderer,
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    contentChanges: false,
    sessionSecret: 'welsh-accounts-session-secret-0123456789abcdef',
    port: 0,
    logger: false,
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

/** A GET as a browser without JavaScript sends it, keeping the cookies. */
async function get(jar: CookieJar, path: string) {
  const answer = await httpGet(server.url, path, { host: HOST, headers: jar.header() });
  jar.take(answer.headers);
  return answer;
}

/** A form post from the page at `from`, with that page's CSRF token. */
async function post(jar: CookieJar, from: string, path: string, fields: Record<string, string>) {
  const page = await get(jar, from);
  const { body, headers } = formBody({ _csrf: csrfTokenOf(page.body), ...fields });
  const answer = await httpGet(server.url, path, {
    method: 'POST',
    host: HOST,
    body,
    headers: { ...headers, ...jar.header() },
  });
  jar.take(answer.headers);
  return answer;
}

describe('the account pages on a Welsh page', () => {
  it('sign in in Welsh, with a form that posts under /cy', async () => {
    const page = await get(new CookieJar(), '/cy/account/login');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="cy"');
    expect(page.body).toContain('<h1>Mewngofnodi</h1>');
    expect(page.body).toContain('Enw defnyddiwr neu gyfeiriad e-bost');
    expect(page.body).toContain('Wedi anghofio’ch cyfrinair?');
    expect(page.body).toContain('action="/cy/account/login"');
    // The markup, not the state (whose words are filed under the English ones).
    expect(page.body.split('<script')[0]).not.toContain('Username or email address');
    // On the way to a page: named in Welsh, a static route's title by the page's words and a
    // content page's from the Welsh tree; one Welsh sentence (i’r dudalen) for a page nobody names.
    const asked = await get(new CookieJar(), '/cy/account/login?redirect_uri=%2Fcy%2Faccount');
    expect(asked.body).toContain('Mewngofnodwch i fynd ymlaen i <strong>Eich cyfrif</strong>.');
    expect(asked.body).toContain('name="redirect_uri" value="/cy/account"');
    const about = await get(new CookieJar(), '/cy/account/login?redirect_uri=%2Fcy%2Famdanom-ni');
    expect(about.body).toContain('Mewngofnodwch i fynd ymlaen i <strong>Amdanom ni</strong>.');
    const named = await get(new CookieJar(), '/account/page-name?path=%2Fcy%2Famdanom-ni');
    expect(JSON.parse(named.body)).toEqual({ path: '/cy/amdanom-ni', title: 'Amdanom ni' });
    const nobody = await get(new CookieJar(), '/cy/account/login?redirect_uri=%2Fcy%2Fdim-tudalen-fel-hyn');
    expect(nobody.body).toContain('Mewngofnodwch i fynd ymlaen i’r dudalen y gofynnoch amdani.');
    // The English page is as it was.
    const english = await get(new CookieJar(), '/account/login');
    expect(english.body).toContain('<h1>Sign in</h1>');
    expect(english.body).toContain('action="/account/login"');
  });

  it('come back to the Welsh page after a failed sign-in, with the messages in Welsh', async () => {
    const jar = new CookieJar();
    const answer = await post(jar, '/cy/account/login', '/cy/account/login', { username: '', password: '' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/cy/account/login');
    const page = await get(jar, '/cy/account/login');
    expect(page.body).toContain('Mae problem wedi codi');
    expect(page.body).toContain('Rhowch eich enw defnyddiwr neu gyfeiriad e-bost.');
    expect(page.body).toContain('Rhowch eich cyfrinair.');

    const wrong = await post(jar, '/cy/account/login', '/cy/account/login', {
      username: 'member',
      password: 'not the password',
    });
    expect(wrong.headers.location).toBe('/cy/account/login');
    expect((await get(jar, '/cy/account/login')).body).toContain(
      'Nid yw’r enw defnyddiwr neu’r cyfrinair yn gywir. Gwiriwch nhw a rhowch gynnig arall arni.',
    );
  });

  it('refuse a form without its token in Welsh under /cy, and in English at the root', async () => {
    const { body, headers } = formBody({ username: 'member', password: 'x' });
    const welsh = await httpGet(server.url, '/cy/account/login', {
      method: 'POST',
      host: HOST,
      body,
      headers,
    });
    expect(welsh.status).toBe(403);
    expect(welsh.body).toContain('<html lang="cy">');
    expect(welsh.body).toContain('<h1>Mae’r ffurflen hon wedi dod i ben</h1>');
    expect(welsh.body).toContain('<a href="/cy">Mynd i’r hafan</a>');
    const english = await httpGet(server.url, '/account/login', {
      method: 'POST',
      host: HOST,
      body,
      headers,
    });
    expect(english.body).toContain('<h1>This form has expired</h1>');
    expect(english.body).toContain('<a href="/">Go to the home page</a>');
  });

  it('send a sign-in link that does not work from a Welsh page to the Welsh sign-in page', async () => {
    const jar = new CookieJar();
    const answer = await get(jar, '/cy/cyrsiau?securityToken=not-a-token');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/cy/account/login?redirect_uri=%2Fcy%2Fcyrsiau');
    const page = await get(jar, '/cy/account/login?redirect_uri=%2Fcy%2Fcyrsiau');
    expect(page.body).toContain('Nid oes modd defnyddio’r ddolen fewngofnodi hon mwyach.');
    // An English address still goes to the English page.
    const english = await get(new CookieJar(), '/courses?securityToken=not-a-token');
    expect(english.headers.location).toBe('/account/login?redirect_uri=%2Fcourses');
  });

  it('send the reset mail in Welsh, linking to the Welsh reset page on the configured address', async () => {
    expect(member).toBeDefined();
    const to = member?.email as string;
    const before = readOutbox(platform.dataDir, { to }).length;
    const jar = new CookieJar();
    const answer = await post(jar, '/cy/account/forgot-password', '/cy/account/reset', { userEmail: to });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/cy/account/forgot-password');
    expect((await get(jar, '/cy/account/forgot-password')).body).toContain(
      'Os oes cyfrif yn defnyddio’r cyfeiriad hwnnw, rydym wedi anfon dolen ato',
    );
    const [mail] = readOutbox(platform.dataDir, { to }).slice(before);
    expect(mail?.subject).toBe('Ailosod eich cyfrinair');
    expect(mail?.text).toContain('I ddewis cyfrinair newydd, agorwch y ddolen hon o fewn yr awr nesaf');
    expect(mail?.link).toMatch(new RegExp(`^${LIVE}/cy/account/reset-password\\?token=`));
    expect(mail?.text).toContain(mail?.link);

    // The link leads to the Welsh page with the form; an English request gets an English mail.
    const link = new URL(mail?.link as string);
    const reset = await get(new CookieJar(), `${link.pathname}${link.search}`);
    expect(reset.body).toContain('<h1>Dewis cyfrinair newydd</h1>');
    expect(reset.body).toContain('action="/cy/account/reset/password"');
    await post(new CookieJar(), '/account/forgot-password', '/account/reset', { userEmail: to });
    const [english] = readOutbox(platform.dataDir, { to }).slice(before + 1);
    expect(english?.subject).toBe('Reset your password');
    expect(english?.link).toMatch(new RegExp(`^${LIVE}/account/reset-password\\?token=`));
  });

  it('say a used reset link is dead at once, in Welsh', async () => {
    const page = await get(new CookieJar(), '/cy/account/reset-password?token=made-up');
    expect(page.body).toContain(
      'Mae’r ddolen hon i ailosod eich cyfrinair wedi’i defnyddio’n barod neu wedi dod i ben.',
    );
    expect(page.body).toContain('Anfonwch ddolen newydd ataf');
  });

  it('register in Welsh: the confirmation mail is Welsh and its link confirms on the Welsh pages', async () => {
    const to = 'nia.welsh@example.org';
    const jar = new CookieJar();
    const answer = await post(jar, '/cy/account/register', '/cy/account/register', {
      firstName: 'Nia',
      lastName: 'Jones',
      email: to,
      password: 'hir-a-diogel-2026',
    });
    expect(answer.headers.location).toBe('/cy/account/register');
    expect((await get(jar, '/cy/account/register')).body).toContain(
      'Mae eich cyfrif yn barod. Rydym wedi anfon e-bost at',
    );
    const [mail] = readOutbox(platform.dataDir, { to });
    expect(mail?.subject).toBe('Cadarnhewch eich cyfeiriad e-bost');
    expect(mail?.link).toMatch(new RegExp(`^${LIVE}/cy/account/verify\\?token=`));
    const link = new URL(mail?.link as string);
    const followed = await get(jar, `${link.pathname}${link.search}`);
    expect(followed.status).toBe(303);
    expect(followed.headers.location).toBe('/cy/account/login');
    expect((await get(jar, '/cy/account/login')).body).toContain(
      'Mae eich cyfeiriad e-bost wedi’i gadarnhau. Mewngofnodwch i barhau.',
    );
  });

  it('show the cookie popup and the preferences panel in Welsh, without JavaScript too', async () => {
    const page = await get(new CookieJar(), '/cy');
    const markup = page.body.split('<script')[0] as string;
    expect(markup).toContain('aria-label="Caniatâd cwcis"');
    expect(markup).toContain('<strong>Cwcis ar y wefan hon.</strong>');
    expect(markup).toContain('>Addasu</a>');
    expect(markup).toContain('>Derbyn y cyfan</button>');
    expect(markup).toContain('>Gwrthod y cyfan</button>');
    expect(markup).toContain('>Dewisiadau cwcis</button>');
    expect(markup).not.toContain('Accept all');
    // The panel the no-JavaScript Customise link opens.
    const panel = (await get(new CookieJar(), '/cy?consent=preferences')).body.split('<script')[0] as string;
    expect(panel).toContain('Addasu eich dewisiadau cwcis');
    expect(panel).toContain('<h3 id="');
    expect(panel).toContain('>Angenrheidiol</h3>');
    expect(panel).toContain('Ymlaen bob amser');
    expect(panel).toContain('Cwcis Dadansoddol');
    expect(panel).toContain('>Cadw’r dewisiadau</button>');
    expect(panel).not.toContain('Save preferences');
    // English pages keep the site's English wording.
    const english = (await get(new CookieJar(), '/')).body.split('<script')[0] as string;
    expect(english).toContain('<strong>Cookies on this website.</strong>');
    expect(english).toContain('>Accept all</button>');
  });
});

describe('the version page on a Welsh page', () => {
  it('says everything in Welsh but the values the system names', async () => {
    const page = await get(new CookieJar(), '/cy/version');
    expect(page.status).toBe(200);
    const markup = page.body.split('<script')[0] as string;
    expect(markup).toContain('<h1>Gwybodaeth am y fersiwn</h1>');
    expect(markup).toContain('<th scope="row">Statws fersiwn y cynnwys</th>');
    expect(markup).toContain('<th scope="row">Amgylchedd rhedeg</th>');
    expect(markup).toContain('prosiect: website');
    expect(markup).toContain('>ydy</td>');
    expect(markup).not.toContain('Runtime environment');
    expect((await get(new CookieJar(), '/version')).body).toContain(
      '<th scope="row">Runtime environment</th>',
    );
  });
});

describe('the booking confirmation of a Welsh event page', () => {
  it('is mailed in Welsh, naming the Welsh event', async () => {
    const client = Client.create({
      rootUrl: platform.url,
      projectId: PROJECT_ID,
      accessToken: DELIVERY_TOKEN,
    });
    const events = (
      await client.entries.list({ contentTypeId: 'event', language: 'cy', pageOptions: { pageSize: 100 } })
    ).items;
    const bookable = events.find(
      (event) =>
        event.bookingRequired === true && Date.parse((event.eventDates as { to: string }).to) > Date.now(),
    );
    expect(bookable?.sys.uri).toMatch(/^\/digwyddiadau\//);
    const page = `/cy${bookable?.sys.uri}/book`;
    const jar = new CookieJar();
    const to = 'gwen.archebu@example.test';
    // The form's hidden fields (its token and the event), as a browser sends them.
    const form = await get(jar, page);
    const hidden = Object.fromEntries(
      [...form.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1] as string,
        (m[2] as string).replace(/&amp;/g, '&'),
      ]),
    );
    const answer = await post(jar, page, page, { ...hidden, title: 'Gwen Jones', email: to, places: '2' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`${page}/confirmation`);
    const [mail] = readOutbox(platform.dataDir, { to });
    expect(mail?.subject).toBe(`Archeb wedi’i chadarnhau: ${bookable?.entryTitle}`);
    expect(mail?.text).toContain('Nifer y lleoedd: 2');
    expect(mail?.text).not.toContain('Gwen');
  });
});
