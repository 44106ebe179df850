import { Client, type Entry } from '@canopy/client';
import {
  createSiteRenderer,
  DEMO_HOSTS,
  type RunningSiteServer,
  startSiteServer,
  withEntryForms,
} from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../packages/platform/src/mail/outbox.js';
import { type HttpAnswer, httpGet } from '../../packages/web/src/test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import { bookingForm } from './content/booking-form.js';
import { site as demoSite } from './site.js';

// Booking a place at an event, through real servers on 127.0.0.1: the demo site rendered from
// source with its booking form, over a platform seeded with the demo, its accounts and roles
// (the site's API client may create bookings and nothing else; see the platform's
// least-privilege test). Requests are sent as a browser without JavaScript sends them: a GET of
// the form (which sets the session cookie with the CSRF secret), a form post, the redirect.

const HOST = 'www.aberwen.example';

let platform: TestPlatform;
let site: RunningSiteServer;
let bookable: Entry;
/** An event that needed booking and is over. */
let finished: Entry;
let notBookable: Entry;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  site = await startSiteServer({
    renderer: withEntryForms(createSiteRenderer(demoSite), [bookingForm]),
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    contentChanges: false,
    pageCacheSeconds: 0,
    port: 0,
    logger: false,
  });
  const client = Client.create({ rootUrl: platform.url, projectId: PROJECT_ID, accessToken: DELIVERY_TOKEN });
  const events = (await client.entries.list({ contentTypeId: 'event', pageOptions: { pageSize: 100 } }))
    .items;
  const over = (event: Entry) => Date.parse((event.eventDates as { to: string }).to) <= Date.now();
  bookable = events.find((event) => event.bookingRequired === true && !over(event)) as Entry;
  finished = events.find((event) => event.bookingRequired === true && over(event)) as Entry;
  notBookable = events.find((event) => event.bookingRequired === false) as Entry;
  expect(finished?.sys.uri).toMatch(/^\/events\//);
  expect(bookable?.sys.uri).toMatch(/^\/events\//);
  expect(notBookable?.sys.uri).toMatch(/^\/events\//);
}, 90_000);

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

/** A browser's cookie jar of one visitor: the session cookie the site sets. */
class Visitor {
  private cookie = '';

  async get(path: string): Promise<HttpAnswer> {
    const answer = await httpGet(site.url, path, { host: HOST, headers: this.headers() });
    this.keep(answer);
    return answer;
  }

  async post(path: string, fields: Record<string, string>): Promise<HttpAnswer> {
    const answer = await httpGet(site.url, path, {
      host: HOST,
      method: 'POST',
      headers: { ...this.headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    this.keep(answer);
    return answer;
  }

  /** The visitor's `Cookie` header. */
  cookieHeader(): string {
    return this.cookie;
  }

  private headers(): Record<string, string> {
    return this.cookie ? { cookie: this.cookie } : {};
  }

  private keep(answer: HttpAnswer): void {
    const set = answer.headers['set-cookie'];
    if (set?.[0]) this.cookie = set[0].split(';')[0] as string;
  }
}

/** The page's CSRF token (what a page without the form carries in its `<meta>`). */
function metaToken(html: string): string {
  return /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
}

/** The form's hidden fields, read from its page as a browser would send them. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] as string] = (match[2] as string).replace(/&amp;/g, '&');
  }
  return fields;
}

function bookings(): { id: string; data: Record<string, unknown> }[] {
  return (
    platform.db
      .prepare("SELECT data FROM entry_versions WHERE json_extract(data, '$.sys.contentTypeId') = 'booking'")
      .all() as { data: string }[]
  ).map((row) => {
    const data = JSON.parse(row.data) as Record<string, unknown> & { sys: { id: string } };
    return { id: data.sys.id, data };
  });
}

const pathOf = (event: Entry) => event.sys.uri as string;

describe('the event page', () => {
  it('links an event to come that needs booking to its booking form, and others to none', async () => {
    const page = await new Visitor().get(pathOf(bookable));
    expect(page.status).toBe(200);
    expect(page.body).toContain(`href="${pathOf(bookable)}/book"`);
    for (const event of [notBookable, finished]) {
      const other = await new Visitor().get(pathOf(event));
      expect(other.status).toBe(200);
      expect(other.body).not.toContain(`${pathOf(event)}/book`);
    }
  });
});

describe('the booking form', () => {
  it('shows the event and a form with the visitor’s token, on a page no cache keeps', async () => {
    const visitor = new Visitor();
    const page = await visitor.get(`${pathOf(bookable)}/book`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain(`Book a place: ${bookable.entryTitle}`);
    expect(page.body).toContain(`action="${pathOf(bookable)}/book"`);
    expect(hiddenFields(page.body)).toMatchObject({ event: bookable.sys.id, _csrf: expect.any(String) });
    expect(page.body).toContain('<label for="field-title">Full name');
    expect(page.body).toContain('<label for="field-email">Email address');
    expect(page.body).toContain('<label for="field-places">Number of places');
  });

  it('creates the booking on the platform, mails the confirmation and leads to the confirmation page', async () => {
    const visitor = new Visitor();
    const before = bookings().length;
    const form = hiddenFields((await visitor.get(`${pathOf(bookable)}/book`)).body);
    const posted = await visitor.post(`${pathOf(bookable)}/book`, {
      ...form,
      title: '  Ann Visitor ',
      email: 'ann.visitor@example.test',
      places: '2',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`${pathOf(bookable)}/book/confirmation`);

    const created = bookings();
    expect(created).toHaveLength(before + 1);
    expect(created.at(-1)?.data).toMatchObject({
      title: 'Ann Visitor',
      email: 'ann.visitor@example.test',
      places: 2,
      event: { sys: { id: bookable.sys.id, contentTypeId: 'event', dataFormat: 'entry' } },
      sys: { isPublished: false, version: { versionNo: '0.1' } },
    });
    const [mail, ...more] = readOutbox(platform.dataDir, { to: 'ann.visitor@example.test' });
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'booking-confirmation',
      subject: `Booking confirmed: ${bookable.entryTitle}`,
    });
    expect(mail?.text).toContain('Places booked: 2');

    const confirmation = await visitor.get(`${pathOf(bookable)}/book/confirmation`);
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toContain('<h1>Booking confirmed</h1>');
    expect(confirmation.body).toContain(`2 places at ${bookable.entryTitle}`);
    expect(confirmation.body).toContain('<strong>ann.visitor@example.test</strong>');
    // Shown once: opened again, the page has nothing of the booking.
    const again = await visitor.get(`${pathOf(bookable)}/book/confirmation`);
    expect(again.body).not.toContain('ann.visitor@example.test');
    expect(again.body).toContain('If you have booked a place, your confirmation is in your email.');
  });

  it('sends bad input back with a message at each field and the values typed, and creates nothing', async () => {
    const visitor = new Visitor();
    const before = bookings().length;
    const mails = readOutbox(platform.dataDir).length;
    const form = hiddenFields((await visitor.get(`${pathOf(bookable)}/book`)).body);
    const posted = await visitor.post(`${pathOf(bookable)}/book`, {
      ...form,
      title: '',
      email: 'not an address',
      places: '9',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`${pathOf(bookable)}/book`);
    const page = await visitor.get(`${pathOf(bookable)}/book`);
    expect(page.body).toContain('There is a problem');
    for (const [field, message] of [
      ['title', 'Enter your full name'],
      ['email', 'Enter an email address in the correct format, like name@example.com'],
      ['places', 'Number of places must be a whole number from 1 to 4'],
    ]) {
      expect(page.body).toContain(`<a href="#field-${field}">${message}</a>`);
      expect(page.body).toContain(`id="field-${field}-error"`);
    }
    expect(page.body).toContain('value="not an address"');
    expect(page.body).toContain('value="9"');
    expect(bookings()).toHaveLength(before);
    expect(readOutbox(platform.dataDir)).toHaveLength(mails);
  });

  it('refuses, with a clear message, an event that needs no booking or does not exist', async () => {
    const before = bookings().length;
    const good = { title: 'Ann Visitor', email: 'ann@example.test', places: '1' };

    // The booking pages of events that need no booking, or are over, have no form…
    const visitor = new Visitor();
    for (const [event, message] of [
      [notBookable, 'You do not need to book for this event: just come along.'],
      [finished, 'This event has finished, so it can no longer be booked.'],
    ] as const) {
      const page = await visitor.get(`${pathOf(event)}/book`);
      expect(page.body).toContain(message);
      expect(page.body).not.toContain('<form class="account-form"');
      // …and a post made all the same is refused.
      const refused = await visitor.post(`${pathOf(event)}/book`, {
        _csrf: metaToken(page.body),
        ...good,
        event: event.sys.id,
      });
      expect(refused.status).toBe(303);
      expect(refused.headers.location).toBe(`${pathOf(event)}/book`);
    }

    const other = new Visitor();
    const bookForm = hiddenFields((await other.get(`${pathOf(bookable)}/book`)).body);
    for (const [event, message] of [
      [
        '00000000-0000-4000-8000-000000000000',
        'We could not find this event. It may have been cancelled or moved.',
      ],
      [notBookable.sys.id, 'You do not need to book for this event: just come along.'],
      [finished.sys.id, 'This event has finished, so it can no longer be booked.'],
    ]) {
      await other.post(`${pathOf(bookable)}/book`, { ...bookForm, ...good, event: event as string });
      const page = await other.get(`${pathOf(bookable)}/book`);
      expect(page.body).toContain('There is a problem');
      expect(page.body).toContain(`<li>${message}</li>`);
    }
    expect(bookings()).toHaveLength(before);
  });

  it('refuses a post without the visitor’s token (403) before doing anything', async () => {
    const before = bookings().length;
    const visitor = new Visitor();
    const form = hiddenFields((await visitor.get(`${pathOf(bookable)}/book`)).body);
    const good = { title: 'Ann Visitor', email: 'ann@example.test', places: '1', event: bookable.sys.id };
    // Another site's form: no token, or the token without the visitor's cookie.
    expect((await visitor.post(`${pathOf(bookable)}/book`, good)).status).toBe(403);
    const stranger = await new Visitor().post(`${pathOf(bookable)}/book`, {
      ...good,
      _csrf: form._csrf ?? '',
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toContain('This form has expired');
    expect(bookings()).toHaveLength(before);
  });

  it('answers posts of anything but a form 415, and posts to other addresses 405', async () => {
    const json = await httpGet(site.url, `${pathOf(bookable)}/book`, {
      host: HOST,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":"x"}',
    });
    expect(json.status).toBe(415);
    const elsewhere = await httpGet(site.url, pathOf(bookable), {
      host: HOST,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=x',
    });
    expect(elsewhere.status).toBe(405);
  });

  it('answers hostile bodies with a 4xx and a message, never a 5xx, and creates nothing', async () => {
    const before = bookings().length;
    const visitor = new Visitor();
    const form = hiddenFields((await visitor.get(`${pathOf(bookable)}/book`)).body);
    const token = encodeURIComponent(form._csrf ?? '');
    for (const body of [
      `_csrf=${token}&title=%FF%FE&email=a%40b.example&places=1&event=${bookable.sys.id}`,
      `_csrf=${token}&title=${'x'.repeat(20_000)}`,
      `_csrf=${token}&title=%00&email=a%40b.example&places=1&event=${bookable.sys.id}`,
    ]) {
      const answer = await httpGet(site.url, `${pathOf(bookable)}/book`, {
        host: HOST,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: visitor.cookieHeader() },
        body,
      });
      expect(answer.status, body.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(answer.status, body.slice(0, 60)).toBeLessThan(500);
      expect(answer.body.length, body.slice(0, 60)).toBeGreaterThan(0);
    }
    expect(bookings()).toHaveLength(before);
  });

  it('limits how often one address may send the form, and says so', async () => {
    const visitor = new Visitor();
    const form = hiddenFields((await visitor.get(`${pathOf(bookable)}/book`)).body);
    // Ten a minute after a burst of ten: within thirty quick posts the limit is reached.
    let limited: HttpAnswer | null = null;
    for (let i = 0; i < 30 && !limited; i++) {
      const posted = await visitor.post(`${pathOf(bookable)}/book`, { ...form, title: '' });
      expect(posted.status).toBe(303);
      if (posted.headers['retry-after']) limited = posted;
    }
    expect(limited).not.toBeNull();
    const page = await visitor.get(`${pathOf(bookable)}/book`);
    expect(page.body).toContain('You have sent the form too many times. Wait a minute, then try again.');
  });
});

describe('the home page', () => {
  it('never shows a story under both "Latest news" and "In the news"', async () => {
    const page = await new Visitor().get('/');
    const section = (id: string) => {
      const start = page.body.indexOf(`id="${id}"`);
      expect(start, id).toBeGreaterThan(0);
      const end = page.body.indexOf('</section>', start);
      return [...page.body.slice(start, end).matchAll(/href="(\/news\/[^"]+)"/g)].map((m) => m[1]);
    };
    const latest = section('latest-news');
    const featured = section('featured-news');
    expect(latest).toHaveLength(3);
    expect(featured.length).toBeGreaterThan(0);
    expect(latest.filter((path) => featured.includes(path))).toEqual([]);
  });
});
