#!/usr/bin/env node
// Image bytes benchmark (issue 14, responsive images): the BUILT demo site (site/dist) against a
// local platform seeded with the demo content with its banners as photo-sized JPEGs (2400 px,
// as `canopy-platform seed` writes them), both child processes on 127.0.0.1
// (bench/site-servers.mjs). Chromium (playwright-core driving /usr/bin/chromium) loads the home
// page at a phone's and a laptop's width, scrolls to the bottom so every lazy image loads, and
// records each image of the image library it fetched:
//   - after:  the bytes of the variants it picked from the srcset (what it transferred);
//   - before: the bytes of the originals of the same images, as a page without srcset fetched
//             them (each image's URI without the variant query, asked of the same site).
// Both in the same run; the ratio is after / before. Runs the compiled packages: `npm run bench`
// builds first. Never a test threshold.
import { startServer, stopServer } from './server-process.mjs';
import { table } from './stats.mjs';

/** The home page at a phone's width (with a phone's pixel density) and a laptop's. */
export const VIEWPORTS = [
  { name: 'Phone', width: 390, height: 844, deviceScaleFactor: 3 },
  { name: 'Laptop', width: 1280, height: 800, deviceScaleFactor: 1 },
];
const PAGE = '/';

/** Loads the page in one viewport and returns the library images Chromium fetched. */
async function imagesFetched(browser, siteUrl, viewport) {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
  });
  try {
    const page = await context.newPage();
    const fetched = new Map();
    const pending = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() !== 'image' || !url.pathname.startsWith('/image-library/')) return;
      pending.push(
        request.sizes().then((sizes) => {
          fetched.set(url.pathname + url.search, {
            path: url.pathname,
            url: url.pathname + url.search,
            bytes: sizes.responseBodySize,
          });
        }),
      );
    });
    await page.goto(`${siteUrl}${PAGE}`, { waitUntil: 'load' });
    // Scroll down a viewport at a time so every lazy image comes near the viewport and loads.
    for (let y = 0; ; y += viewport.height / 2) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (y > height) break;
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return [...fetched.values()];
  } finally {
    await context.close();
  }
}

/** The size of each original (the URI without the variant query), asked of the site. */
async function originalBytes(siteUrl, paths) {
  const sizes = new Map();
  for (const path of new Set(paths)) {
    const response = await fetch(`${siteUrl}${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    sizes.set(path, {
      bytes: (await response.arrayBuffer()).byteLength,
      type: response.headers.get('content-type'),
    });
  }
  return sizes;
}

export async function runImagesBench() {
  let platform = null;
  let site = null;
  try {
    process.stderr.write('Starting the platform (demo content with photos) and the built site…\n');
    platform = startServer(['platform', '--photos']);
    const platformUrl = await platform.ready;
    site = startServer(['site', platformUrl]);
    const siteUrl = await site.ready;
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    try {
      const results = [];
      for (const viewport of VIEWPORTS) {
        process.stderr.write(`Home page at ${viewport.width} px…\n`);
        const images = await imagesFetched(browser, siteUrl, viewport);
        const originals = await originalBytes(
          siteUrl,
          images.map((image) => image.path),
        );
        results.push({
          viewport,
          images: images.map((image) => ({ ...image, original: originals.get(image.path) })),
        });
      }
      return results;
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(site?.child);
    await stopServer(platform?.child);
  }
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
const sum = (values) => values.reduce((total, value) => total + value, 0);

export function imagesReport(results) {
  const rows = results.map(({ viewport, images }) => {
    const after = sum(images.map((image) => image.bytes));
    const before = sum(images.map((image) => image.original.bytes));
    return { viewport, images, after, before, ratio: after / before };
  });
  const detail = rows.flatMap(({ viewport, images }) =>
    images.map((image) => [
      `${viewport.width} px`,
      `\`${image.url}\``,
      kB(image.bytes),
      `${kB(image.original.bytes)} (${image.original.type})`,
    ]),
  );
  return [
    `The built demo site (\`site/dist\`, NODE_ENV=production) and the local platform (demo content, its banners as 2400 px JPEG photos as \`canopy-platform seed\` writes them) as child processes on 127.0.0.1. Chromium loads \`${PAGE}\` and scrolls to the bottom so every lazy image loads. After: the bytes of the image-library files it fetched (the variants it picked from each \`srcset\` for the \`sizes\` the page gives). Before: the bytes of the originals of the same images (each URI without the variant query), which a page without \`srcset\` fetches. kB = 1000 bytes.`,
    '',
    table(
      ['Viewport', 'Images', 'Before kB (originals)', 'After kB (srcset)', 'After / before'],
      rows.map(({ viewport, images, before, after, ratio }) => [
        `${viewport.name}: ${viewport.width} px, ${viewport.deviceScaleFactor}x`,
        String(images.length),
        kB(before),
        kB(after),
        `${(ratio * 100).toFixed(0)}%`,
      ]),
    ),
    '',
    ...rows.map(
      ({ viewport, ratio }) =>
        `- ${viewport.name} (${viewport.width} px): the page fetched **${(ratio * 100).toFixed(0)}%** of the image bytes it fetched before responsive images.`,
    ),
    '',
    '<details><summary>Each image</summary>',
    '',
    table(['Viewport', 'Fetched', 'kB', 'Original kB'], detail),
    '',
    '</details>',
  ].join('\n');
}
