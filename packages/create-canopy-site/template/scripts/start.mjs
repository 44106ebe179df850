#!/usr/bin/env node
// `npm start` (builds the site first) and `npm run dev` (from source, with hot module
// replacement): starts the local content platform in this process, seeded with the demo
// project on first start (its data in .data/), then serves this site on it. Set
// CANOPY_PLATFORM_URL (and the CANOPY_* tokens, see `canopy-web --help`) to use a platform that
// is already running instead. PORT, HOST and PLATFORM_PORT change where they listen.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dev = process.argv.includes('--dev');
// React picks its build when it is first imported: decide before anything loads it.
process.env.NODE_ENV ??= dev ? 'development' : 'production';
const siteRoot = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
// Seals the session cookie: a fresh one per start unless the environment sets one.
env.CANOPY_SESSION_SECRET ??= randomBytes(32).toString('base64url');
// The host names the site answers (any other Host is refused): this machine's. Set
// CANOPY_HOSTS to the site's public addresses when it is reached by another name.
env.CANOPY_HOSTS ??= 'localhost,127.0.0.1,::1';

/** @type {(value?: unknown) => void} */
let stopPlatform = () => {};
let platformDone = Promise.resolve(0);

if (!env.CANOPY_PLATFORM_URL) {
  const { platformCredentials, runCli } = await import('@canopy/platform');
  const port = Number(env.PLATFORM_PORT ?? 3001);
  const dataDir = resolve(siteRoot, '.data');
  const shutdownSignal = new Promise((done) => {
    stopPlatform = done;
  });
  const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, shutdownSignal };
  platformDone = runCli(['serve', '--port', String(port), '--data', dataDir, '--quiet'], io);
  const credentials = platformCredentials(process.env, dataDir, '127.0.0.1', port);
  const ready = await Promise.race([
    waitFor(`${credentials.platformUrl}/api/delivery/projects/${credentials.projectId}`, {
      accessToken: credentials.deliveryAccessToken,
    }),
    platformDone.then(() => false),
  ]);
  if (!ready) {
    console.error(`The local platform did not start on port ${port} (is another one running there?)`);
    process.exit(1);
  }
  Object.assign(env, {
    CANOPY_PLATFORM_URL: credentials.platformUrl,
    CANOPY_PROJECT_ID: credentials.projectId,
    CANOPY_DELIVERY_TOKEN: credentials.deliveryAccessToken,
    CANOPY_PREVIEW_TOKEN: credentials.previewAccessToken,
    CANOPY_CLIENT_ID: credentials.clientId,
    CANOPY_CLIENT_SECRET: credentials.clientSecret,
  });
}

const { buildSite, siteServerOptionsFromEnv, startSiteServer } = await import('@canopy/web');
if (!dev) {
  await buildSite({ siteRoot });
  console.log('Built the site (dist/client, dist/server)');
}
const options = await siteServerOptionsFromEnv(env, { siteRoot, dev });
const site = await startSiteServer(options);
console.log(`\nThe site is running${dev ? ' (development)' : ''}: ${site.url}`);
console.log(`The content platform: ${env.CANOPY_PLATFORM_URL}\nPress Ctrl+C to stop.\n`);

const stop = async () => {
  await site.close();
  stopPlatform();
  process.exitCode = await platformDone;
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

/**
 * Resolves true once `url` answers below 500, false after two minutes.
 *
 * @param {string} url
 * @param {Record<string, string>} headers
 */
async function waitFor(url, headers) {
  for (const started = Date.now(); Date.now() - started < 120_000; ) {
    try {
      if ((await fetch(url, { headers })).status < 500) return true;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}
