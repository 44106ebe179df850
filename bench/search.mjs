#!/usr/bin/env node
import { performance } from 'node:perf_hooks';
import { Client } from '../packages/client/dist/index.js';
import { buildSearchQuery } from '../packages/web/dist/src/search/query-builder.js';
import { searchInputOf } from '../packages/web/dist/src/search/search-flow.js';
// Search benchmark (issue 10): the BUILT demo site (site/dist) against a local platform seeded with
// the demo content, both child processes on 127.0.0.1 (bench/site-servers.mjs). Measures
//   - the server render of `/search/courses?term=…` with two filters (study level and subject)
//     next to the platform query alone: the very query the page runs (built from the page's own
//     search state with the framework's query builder), sent straight to the platform with
//     @canopy/client. Every sample is a combination of term and filters not asked before, so
//     neither the site's delivery cache nor the platform answers the search from memory; the
//     tab counts depend on the term alone, so a term seen shortly before finds them in the
//     delivery cache (the report says how many renders also sent the count query); the page's
//     other reads (the /search node, the subject taxonomy) are warm, as on a live site. Beside
//     them, the same query through a bare forwarding proxy in a process of its own: what one
//     more process on the way costs with no work at all, the floor of any render the site
//     makes (the site is such a process, doing the page's work besides);
//   - the time from a filter click to the updated results in Chromium (playwright-core driving
//     /usr/bin/chromium): from the click to the new result count with no list busy, measured in
//     the page with performance.now(). The first clicks of each filter search the platform; once
//     every combination has been seen, the site's delivery cache answers.
// Runs the compiled packages: `npm run bench` builds first. Never a test threshold.
import { platformRequests, startServer, stopServer } from './server-process.mjs';
import { percentile, table } from './stats.mjs';

const BENCH_DELIVERY_TOKEN = 'bench-site-delivery-token';
const RENDER_SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 150);
const CLICKS = Number(process.env.BENCH_SEARCH_CLICKS ?? 40);
const RATIO_TARGET = 1.3;
const CLICK_TARGET_MS = 100;
/** Words a visitor might search courses for. */
const TERMS = [
  'science',
  'marine',
  'history',
  'law',
  'design',
  'data',
  'health',
  'music',
  'sea',
  'research',
  'engineering',
  'welsh',
  'policy',
  'nursing',
  'computing',
  'business',
];
const LEVELS = ['Undergraduate', 'Postgraduate taught', 'Postgraduate research'];

async function getText(url, accept = 'text/html') {
  const response = await fetch(url, { headers: { accept } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return body;
}

const searchUrl = (term, level, subject) =>
  `/search/courses?term=${encodeURIComponent(term)}&level=${encodeURIComponent(level)}&subject=${subject}`;

/** The leaf subjects of the courses facet (from the page state: the taxonomy filter's items). */
function leafSubjects(state) {
  const leaves = [];
  const walk = (items) => {
    for (const item of items) {
      if (item.children?.length) walk(item.children);
      else if (item.title) leaves.push(item.key);
    }
  };
  walk(state.search.facets.courses.filters.subject.items);
  return leaves;
}

/** Server render against the platform query alone, one unseen combination per sample. */
async function renderAgainstQuery(siteUrl, platformUrl, platformChild, hopUrl) {
  const clientOf = (rootUrl) =>
    Client.create({ rootUrl, projectId: 'website', accessToken: BENCH_DELIVERY_TOKEN, language: 'en-GB' });
  const client = clientOf(platformUrl);
  const viaHop = clientOf(hopUrl);
  // Warm: the node, the taxonomy and the JIT, with combinations the measurement does not use.
  const first = JSON.parse(
    await getText(`${siteUrl}/search/courses?term=warm&redux=true`, 'application/json'),
  );
  const subjects = leafSubjects(first);
  const warmInput = searchInputOf(
    first.search,
    { context: 'facets', facet: 'courses' },
    { versionStatus: 'published', language: 'en-GB' },
  );
  for (let i = 0; i < 10; i++) await viaHop.entries.search(buildSearchQuery(warmInput), 0);
  for (let i = 0; i < 10; i++) await getText(`${siteUrl}/search/courses?term=warm${i}`);
  const combinations = [];
  for (const term of TERMS)
    for (const level of LEVELS) for (const subject of subjects) combinations.push([term, level, subject]);
  // A fixed shuffle, so runs compare.
  combinations.sort((a, b) => hash(a.join('|')) - hash(b.join('|')));
  const samples = combinations.slice(0, RENDER_SAMPLES * 2);
  const render = [];
  const query = [];
  const hop = [];
  // Platform requests each render caused: 1 = the search alone (the tab counts for its term
  // came from the site's delivery cache), 2 = the search and the tab counts.
  const platformCalls = [];
  let results = 0;
  for (let i = 0; i < RENDER_SAMPLES; i++) {
    // Two unseen combinations: one rendered by the site, one asked of the platform, in turns,
    // so neither side profits from the other's answer.
    const [renderCombination, queryCombination] =
      i % 2 === 0 ? [samples[2 * i], samples[2 * i + 1]] : [samples[2 * i + 1], samples[2 * i]];
    const path = searchUrl(...renderCombination);
    const callsBefore = await platformRequests(platformChild);
    let started = performance.now();
    const html = await getText(`${siteUrl}${path}`);
    render.push(performance.now() - started);
    platformCalls.push((await platformRequests(platformChild)) - callsBefore);
    if (!html.includes('search-result-count')) throw new Error(`${path} shows no result count`);

    // The page's own query for the other combination: its state, then the framework's builder.
    const state = JSON.parse(
      await getText(`${siteUrl}${searchUrl(...queryCombination)}&redux=true`, 'application/json'),
    );
    const input = searchInputOf(
      state.search,
      { context: 'facets', facet: 'courses' },
      { versionStatus: 'published', language: 'en-GB' },
    );
    // The platform keeps no answers (only prepared statements), so asking it again computes
    // the answer afresh, as the page's own search did.
    const fresh = buildSearchQuery(input);
    started = performance.now();
    const answer = await client.entries.search(fresh, 0);
    query.push(performance.now() - started);
    results += answer.items.length;
    // The same query once more, through the bare hop (a fresh query object: the client keeps
    // answers per query; the platform computes it afresh).
    const again = buildSearchQuery(input);
    started = performance.now();
    await viaHop.entries.search(again, 0);
    hop.push(performance.now() - started);
  }
  return { render, query, hop, results, subjects: subjects.length, platformCalls };
}

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** Filter clicks in Chromium: time from the click to the new count with nothing busy. */
async function clicksInChromium(siteUrl) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/search/courses?term=science`);
    await page.waitForFunction(() => {
      const first = document.getElementById('root')?.firstElementChild;
      return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
    });
    const names = await page
      .locator('.search-filter input[type=checkbox]')
      .evaluateAll((inputs) => inputs.map((input) => input.id));
    const times = [];
    for (let i = 0; i < CLICKS; i++) {
      const id = names[Math.floor(i / 2) % names.length];
      // Each filter on, then off again: two clicks, two searches.
      const ms = await page.evaluate(
        (inputId) =>
          new Promise((resolve, reject) => {
            const count = () => document.querySelector('.search-result-count')?.textContent ?? '';
            const before = document.location.href;
            const started = performance.now();
            const timer = setTimeout(() => reject(new Error('no update within 10 s')), 10_000);
            const done = () =>
              document.location.href !== before &&
              !document.querySelector('[aria-busy="true"]') &&
              !count().startsWith('Searching');
            const observer = new MutationObserver(() => {
              if (!done()) return;
              observer.disconnect();
              clearTimeout(timer);
              resolve(performance.now() - started);
            });
            observer.observe(document.body, {
              subtree: true,
              childList: true,
              characterData: true,
              attributes: true,
            });
            document.getElementById(inputId)?.click();
          }),
        id,
      );
      times.push(ms);
      await page.waitForTimeout(50);
    }
    return times;
  } finally {
    await browser.close();
  }
}

export async function runSearchBench() {
  let platform = null;
  let site = null;
  let hop = null;
  try {
    process.stderr.write('Starting the platform (demo content) and the built site…\n');
    platform = startServer(['platform']);
    const platformUrl = await platform.ready;
    // The page cache off: every sample must render, not repeat the last rendering.
    site = startServer(['site', platformUrl, '0']);
    const siteUrl = await site.ready;
    hop = startServer(['hop', platformUrl]);
    const hopUrl = await hop.ready;
    process.stderr.write(`Render against query: ${RENDER_SAMPLES} samples…\n`);
    const render = await renderAgainstQuery(siteUrl, platformUrl, platform.child, hopUrl);
    process.stderr.write(`Filter clicks in Chromium: ${CLICKS}…\n`);
    const clicks = await clicksInChromium(siteUrl);
    return { render, clicks };
  } finally {
    await stopServer(hop?.child);
    await stopServer(site?.child);
    await stopServer(platform?.child);
  }
}

const ms = (value) => value.toFixed(1);
const verdict = (ok) => (ok ? '**met**' : '**NOT met**');

export function searchReport(result) {
  const { render, clicks } = result;
  const renderP50 = percentile(render.render, 50);
  const queryP50 = percentile(render.query, 50);
  const ratio = renderP50 / queryP50;
  const hopP50 = render.hop?.length ? percentile(render.hop, 50) : null;
  const clickP50 = percentile(clicks, 50);
  const calls = render.platformCalls ?? [];
  const withCounts = calls.filter((count) => count >= 2).length;
  const searchOnly = calls.filter((count) => count === 1).length;
  return [
    `The built demo site (\`site/dist\`, NODE_ENV=production) and the local platform (demo content) as child processes on 127.0.0.1. Render: ${render.render.length} sequential GETs of \`/search/courses?term=…&level=…&subject=…\` (${TERMS.length} terms × ${LEVELS.length} levels × ${render.subjects} subjects, each combination once, so the search misses the site's delivery cache; the tab counts depend on the term alone and are fetched once per term while the delivery cache keeps them; the node and taxonomy reads are warm). Query alone: the page's own search query for another unseen combination (built from its \`?redux=true\` state with the framework's query builder), sent to the platform with @canopy/client. Through a bare proxy: the same query once more, sent through a forwarding proxy in a process of its own (keep-alive, the answer piped back).`,
    '',
    table(
      ['Measure', 'p50 ms', 'p90 ms', 'p99 ms'],
      [
        [
          'Server render of the search page',
          ms(renderP50),
          ms(percentile(render.render, 90)),
          ms(percentile(render.render, 99)),
        ],
        [
          'Platform query alone',
          ms(queryP50),
          ms(percentile(render.query, 90)),
          ms(percentile(render.query, 99)),
        ],
        ...(hopP50 === null
          ? []
          : [
              [
                'Platform query through a bare proxy process (no work)',
                ms(hopP50),
                ms(percentile(render.hop, 90)),
                ms(percentile(render.hop, 99)),
              ],
            ]),
        [
          `Filter click to updated results (Chromium, ${clicks.length} clicks)`,
          ms(clickP50),
          ms(percentile(clicks, 90)),
          ms(percentile(clicks, 99)),
        ],
      ],
    ),
    '',
    `- Render / query (p50): **${ratio.toFixed(2)}×** (goal: at most ${RATIO_TARGET}×) — ${verdict(ratio <= RATIO_TARGET)}. Platform requests per render: ${searchOnly} of ${calls.length} renders sent the search alone (the tab counts of their term were in the site's delivery cache), ${withCounts} sent the search and the tab-count query, which the platform answers one after the other.`,
    ...(hopP50 === null
      ? []
      : [
          `- One more process on the way, doing nothing (query through a bare proxy / query alone, p50): **${(hopP50 / queryP50).toFixed(2)}×**. A render has that hop and the page's work besides, so this is the floor of the render / query ratio on this machine; a render adds ${ms(renderP50 - hopP50)} ms to the proxied query (p50 render − p50 proxied query): the page's work in the site (routing, state, React, compression) and a larger answer, the page's HTML, to send and read.`,
        ]),
    `- Filter click to updated results, p50: **${ms(clickP50)} ms** (goal: at most ${CLICK_TARGET_MS} ms on loopback) — ${verdict(clickP50 <= CLICK_TARGET_MS)}. Each filter is clicked on and off again (${clicks.length / 2} filters); every click is one search through the site's delivery proxy.`,
  ].join('\n');
}
