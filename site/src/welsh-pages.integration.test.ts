import type { RunningSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAnswer, httpGet } from '../../packages/web/src/test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import { startSourceSite } from './test/source-site.js';

// The demo's content pages in Welsh over real HTTP, from a platform seeded with the demo: a
// Welsh course, event, news story and person page have Welsh headings, terms and dates (no
// English words of the interface), and a Welsh event's booking form is Welsh, under /cy,
// messages included. Rendered from source (no build).

const HOST = 'www.aberwen.example';
const WELSH_MONTH =
  '(Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr)';
const WELSH_DAY = 'Dydd (Sul|Llun|Mawrth|Mercher|Iau|Gwener|Sadwrn)';
const ENGLISH_MONTH =
  /\b(January|February|March|April|June|July|August|September|October|November|December)\b/;

/** A Welsh open day that needs booking (seeded in the weeks after the platform's day). */
const WELSH_EVENT = '/cy/digwyddiadau/diwrnod-agored-israddedig-gwyddorau-bywyd-ar-amgylchedd';

let platform: TestPlatform;
let server: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  server = await startSourceSite(platform.url, {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    contentChanges: false,
    pageCacheSeconds: 0,
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

/** A browser without JavaScript: the session cookie the site sets, kept from answer to answer. */
let cookie = '';
async function request(path: string, post?: Record<string, string>): Promise<HttpAnswer> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const answer = await httpGet(server.url, path, {
    host: HOST,
    ...(post
      ? {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(post).toString(),
        }
      : { headers }),
  });
  const set = answer.headers['set-cookie'];
  if (set?.[0]) cookie = set[0].split(';')[0] as string;
  return answer;
}

async function welshMain(path: string): Promise<string> {
  const answer = await request(path);
  expect(answer.status, path).toBe(200);
  expect(answer.body).toContain('<html lang="cy">');
  return /<main[^>]*>([\s\S]*)<\/main>/.exec(answer.body)?.[1] ?? '';
}

describe('Welsh content pages', () => {
  it('a course: Welsh headings, fact terms, level, mode, length and start date', async () => {
    const main = await welshMain('/cy/cyrsiau/llb-y-gyfraith');
    expect(main).toContain('<h1>LLB y Gyfraith</h1>');
    expect(main).toContain('<h2 id="course-overview">Trosolwg o’r cwrs</h2>');
    expect(main).toContain('<h2 id="key-facts">Ffeithiau allweddol</h2>');
    expect(main).toContain('<dt>Lefel</dt><dd>Israddedig</dd>');
    expect(main).toContain('<dt>Dull astudio</dt><dd>Amser llawn</dd>');
    expect(main).toMatch(/<dt>Hyd<\/dt><dd>\d+ (flwyddyn|flynedd|blynedd|mlynedd)<\/dd>/);
    expect(main).toMatch(
      new RegExp(`<dt>Dechrau</dt><dd><time dateTime="[^"]+">\\d+ ${WELSH_MONTH} \\d{4}</time>`),
    );
    expect(main).toContain('Dewch i ddiwrnod agored');
    expect(main).not.toMatch(/Key facts|Course overview|Study mode|Undergraduate|Full-time/);
    expect(main).not.toMatch(ENGLISH_MONTH);
  });

  it("a course's open-day call to action leads to the Welsh listing of open days", async () => {
    const main = await welshMain('/cy/cyrsiau/llb-y-gyfraith');
    const href = /<a class="button" href="([^"]+)"[^>]*>Dewch i ddiwrnod agored<\/a>/.exec(main)?.[1] ?? '';
    expect(href).toMatch(/^\/cy\//);
    const first = await request(href.replaceAll('&amp;', '&'));
    const listing = first.status === 301 ? (first.headers.location as string) : href;
    expect(listing).toBe('/cy/digwyddiadau?category=open-day');
    const open = await welshMain(listing);
    expect(open).toContain('<h1>Digwyddiadau</h1>');
    expect(open).toMatch(/Diwrnod agored/);
  });

  it('an event: Welsh headings, its weekday, date and times in Welsh, and a booking link under /cy', async () => {
    const main = await welshMain(WELSH_EVENT);
    expect(main).toContain('<p class="eyebrow">Diwrnod agored</p>');
    expect(main).toContain('<h2 id="event-details">Manylion y digwyddiad</h2>');
    expect(main).toMatch(
      new RegExp(
        `<dt>Pryd</dt><dd><time dateTime="[^"]+">${WELSH_DAY} \\d+ ${WELSH_MONTH} \\d{4}, \\d+(:\\d\\d)?y[bh] tan \\d+(:\\d\\d)?y[bh]</time>`,
      ),
    );
    expect(main).toContain('<dt>Archebu</dt><dd>Rhaid archebu lle: mae nifer y lleoedd yn gyfyngedig</dd>');
    expect(main).toContain(`<a class="button" href="${WELSH_EVENT}/book">Archebu lle`);
    expect(main).not.toMatch(/Event details|When|Booking required|Book a place/);
    expect(main).not.toMatch(ENGLISH_MONTH);
  });

  it("a Welsh event's booking form is Welsh, and so are its messages", async () => {
    const main = await welshMain(`${WELSH_EVENT}/book`);
    expect(main).toMatch(/<h1>Archebu lle: [^<]+<\/h1>/);
    expect(main).toContain(`action="${WELSH_EVENT}/book"`);
    expect(main).toContain('<label for="field-title">Enw llawn');
    expect(main).toContain('<label for="field-places">Nifer y lleoedd');
    expect(main).toContain('Hyd at 4 lle, gan eich cynnwys chi.');
    expect(main).toMatch(/>Yn ôl i’r digwyddiad: [^<]+<\/a>/);
    const csrf = /<input type="hidden" name="_csrf" value="([^"]+)"/.exec(main)?.[1] ?? '';
    const event = /<input type="hidden" name="event" value="([^"]+)"/.exec(main)?.[1] ?? '';
    expect(csrf).not.toBe('');

    const posted = await request(`${WELSH_EVENT}/book`, {
      _csrf: csrf,
      event,
      title: '',
      email: 'nid',
      places: '9',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`${WELSH_EVENT}/book`);
    const back = await welshMain(`${WELSH_EVENT}/book`);
    expect(back).toContain('Rhowch eich enw llawn');
    expect(back).toContain('Rhowch gyfeiriad e-bost yn y fformat cywir, fel enw@enghraifft.com');
    expect(back).toContain('Rhaid i nifer y lleoedd fod yn rhif cyfan o 1 i 4');
    expect(back).not.toMatch(/Enter your/);

    const fields = Object.fromEntries(
      [...back.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    const booked = await request(`${WELSH_EVENT}/book`, {
      ...fields,
      title: 'Elin Prys',
      email: 'elin.prys@example.test',
      places: '2',
    });
    expect(booked.status).toBe(303);
    expect(booked.headers.location).toBe(`${WELSH_EVENT}/book/confirmation`);
    const confirmation = await welshMain(`${WELSH_EVENT}/book/confirmation`);
    expect(confirmation).toContain('<h1>Archeb wedi’i chadarnhau</h1>');
    expect(confirmation).toMatch(/<p>2 le ar gyfer [^<]+<\/p>/);
  });

  it('a news story: its date and category in Welsh, and Welsh headings', async () => {
    const main = await welshMain('/cy/newyddion/gwirfoddolwyr-nyrsio-yn-helpu-mewn-ysgolion-cynradd');
    expect(main).toMatch(
      new RegExp(
        `<p class="eyebrow"><time dateTime="[^"]+">\\d+ ${WELSH_MONTH} \\d{4}</time> · <!-- -->Cymuned</p>`,
      ),
    );
    expect(main).toContain('<h2 id="article-author">Awdur</h2>');
    expect(main).not.toMatch(/Written by|Related courses|Community/);
    expect(main).not.toMatch(ENGLISH_MONTH);
  });

  it('a person: Welsh headings and labels', async () => {
    const main = await welshMain('/cy/pobl/elin-rowlands');
    expect(main).toContain('<h2 id="person-biography">Bywgraffiad</h2>');
    expect(main).toMatch(/<p class="person-contact">E-bost(<!-- -->)? <a href="mailto:/);
    expect(main).not.toMatch(/Biography|Expertise|>Email/);
  });
});
