#!/usr/bin/env node
// `npm start`: runs the local platform (seeding it on first start) and the demo site, waits
// until both answer, then prints where they are and how to sign in. Ctrl+C stops both.
// A platform that dies is started again (with a growing pause) while the site keeps serving.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { superviseChild } from './supervise.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const platformPort = Number(env.PLATFORM_PORT ?? 3001);
const sitePort = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const platformCli = `${root}packages/platform/dist/bin/canopy-platform.js`;
const siteCli = `${root}packages/web/dist/bin/canopy-web.js`;
const dev = process.argv.includes('--dev');

const children = [];

/** Starts `node <args>`; with `restart` it comes back when it dies, else its exit stops all. */
function run(name, args, extraEnv = {}, restart = false) {
  const supervised = superviseChild({
    name,
    args,
    cwd: root,
    env: { ...env, ...extraEnv },
    restart,
    onExit: (code, signal) => {
      if (stopping) return;
      console.error(`${name} stopped (${signal ?? `exit code ${code}`}); shutting down.`);
      stop(code || 1);
    },
  });
  children.push(supervised);
  return supervised;
}

async function waitFor(name, url, headers = {}, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { headers });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** `canopy-platform credentials --json`: the demo project's tokens, accounts and API client. */
function platformCredentials() {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [platformCli, 'credentials', '--json', '--port', String(platformPort)],
      { cwd: root, env },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        resolve(null);
      }
    });
  });
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 2000).unref();
  Promise.all(children.map((supervised) => supervised.stop())).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

if (!existsSync(platformCli)) {
  console.error('The platform is not built. Run `npm run build` (npm start does this for you).');
  process.exit(1);
}

const platformUrl = env.PLATFORM_URL ?? `http://${host}:${platformPort}`;
const startPlatform = !env.PLATFORM_URL;
if (startPlatform)
  // --quiet: the addresses and accounts are printed once, below, when both answer.
  run(
    'The platform',
    [platformCli, 'serve', '--port', String(platformPort), '--host', host, '--quiet'],
    // The site signs visitors in from this machine and names each visitor's address in
    // X-Forwarded-For, so the platform's sign-in throttle counts visitors, not the site.
    { CANOPY_TRUST_PROXY: env.CANOPY_TRUST_PROXY ?? '127.0.0.1,::1' },
    true,
  );

try {
  const token = env.CANOPY_DELIVERY_TOKEN ?? 'canopy-demo-delivery-token';
  await waitFor(
    'The platform',
    `${platformUrl}/api/delivery/projects/${env.CANOPY_PROJECT_ID ?? 'website'}`,
    {
      accessToken: token,
    },
  );
  const credentials = await platformCredentials();
  // The site's API client lets the site purge its cache the moment content changes (the
  // secret goes to the site's environment only, never to its pages or logs). A platform given
  // by PLATFORM_URL has its own clients: CANOPY_CLIENT_ID and CANOPY_CLIENT_SECRET, if set,
  // reach the site with the rest of the environment.
  const apiClient =
    startPlatform && credentials?.clientId && credentials?.clientSecret
      ? { CANOPY_CLIENT_ID: credentials.clientId, CANOPY_CLIENT_SECRET: credentials.clientSecret }
      : {};
  // The demo accounts' addresses are on the demo university's domain: with the local platform
  // that is the staff domain (isZengentiStaff), so the account page of a demo user lists the
  // platform environments they work in (the editor and the administrator have one).
  const staffDomain = env.CANOPY_STAFF_DOMAIN ?? (startPlatform ? 'aberwen.example' : null);
  let siteUrl = null;
  if (existsSync(siteCli)) {
    run('The site', [siteCli, dev ? 'dev' : 'start', '--site', 'site', '--quiet'], {
      PORT: String(sitePort),
      HOST: host,
      PLATFORM_URL: platformUrl,
      ...apiClient,
      ...(staffDomain ? { CANOPY_STAFF_DOMAIN: staffDomain } : {}),
      // Seals the session cookie. A fresh one per start (sign-ins end when npm start stops)
      // unless the environment sets one.
      CANOPY_SESSION_SECRET: env.CANOPY_SESSION_SECRET ?? randomBytes(32).toString('base64url'),
      // The demo's host names: this machine, and the demo university's live and preview names
      // (reach them with a hosts-file entry). Any other Host is refused; set CANOPY_HOSTS to
      // serve the site under another name.
      CANOPY_HOSTS:
        env.CANOPY_HOSTS ??
        ['localhost', '127.0.0.1', '::1', 'https://www.aberwen.example', 'https://preview-aberwen.example']
          .concat(host === '127.0.0.1' || host === 'localhost' || host === '::1' ? [] : [host])
          .join(','),
      // React picks its build when first imported, so production must be set from the start.
      NODE_ENV: env.NODE_ENV ?? (dev ? 'development' : 'production'),
    });
    siteUrl = `http://${host}:${sitePort}`;
    await waitFor('The site', `${siteUrl}/__lbheartbeat__`);
  }
  const lines = ['', `Canopy is running${dev ? ' in development mode (hot module replacement)' : ''}.`, ''];
  if (siteUrl) lines.push(`  Demo site   ${siteUrl}`);
  lines.push(`  Platform    ${platformUrl}`);
  const accounts = credentials?.accounts ?? [];
  if (accounts.length > 0) {
    lines.push('', siteUrl ? `  Demo accounts (sign in at ${siteUrl}/account/login):` : '  Demo accounts:');
    for (const account of accounts) {
      lines.push(
        `    ${account.username} / ${account.password}  (${account.groups.join(', ') || 'no groups'})`,
      );
    }
  }
  lines.push('', 'Press Ctrl+C to stop.', '');
  console.log(lines.join('\n'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop(1);
}
