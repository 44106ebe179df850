// Lighthouse benchmark (`npm run bench -- lighthouse`): Lighthouse 12 (mobile, simulated
// throttling, its defaults) with the system Chromium against the built demo site, asked for by
// its live host name: Chromium resolves www.aberwen.example to the site's loopback port, so the
// site answers as it does in production (configured host, canonical links, no dev tooling).
// Each page is measured BENCH_LIGHTHOUSE_RUNS times (default 3) and the median run reported.
// Runs the compiled packages: `npm run bench` builds first.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, stopServer } from './server-process.mjs';
import { table } from './stats.mjs';

const HOST = 'www.aberwen.example';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The page types of the demo site; `indexable` says whether SEO counts for it. */
const PAGES = [
  { name: 'Home', path: '/', indexable: true },
  { name: 'Course', path: '/courses/bsc-marine-biology', indexable: true },
  { name: 'News', path: '/news', indexable: true },
  { name: 'Events', path: '/events', indexable: true },
  { name: 'Search', path: '/search?term=marine+biology', indexable: false },
  // A Welsh page carries its interface words in its state: the same course, in Welsh.
  { name: 'Course in Welsh', path: '/cy/cyrsiau/bsc-bioleg-y-mor', indexable: true },
  { name: 'Search in Welsh', path: '/cy/chwilio?term=bioleg+y+m%C3%B4r', indexable: false },
];

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One Lighthouse run's figures, scores as 0–100. */
function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = (category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    failing: [...failing('performance'), ...failing('accessibility'), ...failing('seo')],
  };
}

export async function runLighthouseBench() {
  const platform = startServer(['platform', '--photos']);
  let site;
  let chrome;
  try {
    const platformUrl = await platform.ready;
    site = startServer(['site', platformUrl]);
    const siteUrl = new URL(await site.ready);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [...CHROME_FLAGS, `--host-resolver-rules=MAP ${HOST}:80 127.0.0.1:${siteUrl.port}`],
    });
    const results = [];
    for (const page of PAGES) {
      const url = `http://${HOST}${page.path}`;
      // One unmeasured load warms the site's delivery cache, as a live site's would be.
      await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        process.stderr.write(`Lighthouse ${page.name} (${url}) run ${run + 1} of ${RUNS}…\n`);
        const answer = await lighthouse(url, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo'],
        });
        if (answer?.lhr.runtimeError) throw new Error(`${url}: ${answer.lhr.runtimeError.message}`);
        runs.push(figures(answer.lhr));
      }
      results.push({ page, url, runs });
    }
    return {
      results,
      version: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
    };
  } finally {
    await chrome?.kill();
    await stopServer(site?.child);
    await stopServer(platform.child);
  }
}

export function lighthouseReport({ results, version }) {
  const ms = (value) => `${Math.round(value)} ms`;
  const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
  const rows = results.map(({ page, runs }) => {
    const pick = (key) => median(runs.map((run) => run[key]));
    return [
      `${page.name} \`${page.path}\``,
      `**${pick('performance')}** (${runs.map((run) => run.performance).join(', ')})`,
      seconds(pick('fcp')),
      seconds(pick('lcp')),
      ms(pick('tbt')),
      pick('cls').toFixed(3),
      seconds(pick('si')),
      String(pick('accessibility')),
      page.indexable ? String(pick('seo')) : `${pick('seo')} (noindex)`,
    ];
  });
  const misses = results.flatMap(({ page, runs }) => {
    const ids = [...new Set(runs.flatMap((run) => run.failing))];
    return ids.length > 0 ? [`- ${page.name}: ${ids.map((id) => `\`${id}\``).join(', ')}`] : [];
  });
  return [
    `Lighthouse ${version} (mobile form factor, simulated throttling: its defaults) with the system Chromium, headless. The built demo site (\`site/dist\`, NODE_ENV=production) and the local platform (demo content, banners as photo-sized JPEGs as \`canopy-platform seed\` writes them) as child processes on 127.0.0.1; Chromium resolves the live host name \`${HOST}\` to the site's port, so the site answers as for a visitor. Each page warmed by one unmeasured run, then measured ${RUNS} times; the median of each figure, every run's performance score in brackets. Search pages are \`noindex\`, so SEO does not apply to them.`,
    '',
    table(['Page', 'Performance', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'Accessibility', 'SEO'], rows),
    '',
    'Audits below a full score in any run (weighted audits of the three categories):',
    '',
    ...(misses.length > 0 ? misses : ['- none']),
  ].join('\n');
}
