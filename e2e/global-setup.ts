import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite, type RunningSiteServer, startSiteServer } from '@canopy/web';
import type { TestProject } from 'vitest/node';
import { type FaultProxy, startFaultProxy } from '../packages/web/src/test-support/fault-proxy.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PREVIEW_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../packages/web/src/test-support/platform.js';
import type { E2eEnvironment } from './support/environment.js';
import { openServerLog } from './support/server-log.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const siteSource = join(repoRoot, 'site');
/** Screenshots and the e2e build of the site (ignored by git). */
const RESULTS_DIR = join(repoRoot, 'test-results');

const FAILING_SLUG = 'e2e-loading-failure';

const VERSION: E2eEnvironment['version'] = {
  commitRef: '0e2e5c0ffee0123456789abcdef0123456789abc',
  buildNo: 'e2e-build-417',
  pipelineUrl: 'https://ci.aberwen.example/website/pipelines/417',
  repository: 'https://git.aberwen.example/web/website',
  publicUri: 'https://www.aberwen.example',
  environmentAlias: 'e2e-alias',
  servers: {
    preview: 'https://preview-e2e-alias.aberwen.example',
    iis: 'https://iis-e2e-alias.aberwen.example',
    iisPreview: 'https://iis-preview-e2e-alias.aberwen.example',
  },
  otherProject: { id: 'intranet', publicUri: 'https://intranet.aberwen.example' },
};

/**
 * A private copy of the demo site, built for this run. The web project's integration test
 * builds `site/dist` during the same `npm test`, and another engineer may be editing the
 * components: building a snapshot elsewhere keeps the served files and the manifest the
 * server loaded in step. The copy lives inside the repository so that the site's imports
 * resolve from the workspace's `node_modules`, as they do from `site/`. Its package.json gets
 * a repository, so the version page has a repository and a commit link to show.
 */
function snapshotSite(): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  removeStaleSnapshots();
  const root = mkdtempSync(join(RESULTS_DIR, 'e2e-site-'));
  const pkg = JSON.parse(readFileSync(join(siteSource, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(
    join(root, 'package.json'),
    `${JSON.stringify({ ...pkg, repository: { type: 'git', url: `git+${VERSION.repository}.git` } }, null, 2)}\n`,
  );
  for (const folder of ['src', 'public']) {
    cpSync(join(siteSource, folder), join(root, folder), {
      recursive: true,
      filter: (source) => !/\.test\.tsx?$/.test(basename(source)),
    });
  }
  return root;
}

/** Snapshots left behind by runs that were killed before their teardown (a day or older). */
function removeStaleSnapshots(): void {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of readdirSync(RESULTS_DIR)) {
    const folder = join(RESULTS_DIR, name);
    if (name.startsWith('e2e-site-') && statSync(folder).mtimeMs < dayAgo) {
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

/**
 * Builds the demo site once and starts one platform (demo content, temporary data directory),
 * a fault-injecting proxy in front of it and one site server, all on ephemeral ports of
 * 127.0.0.1, for every e2e file. Whatever started is stopped again, also when a later step
 * fails.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const closers: (() => Promise<void> | void)[] = [];
  const teardown = async () => {
    const errors: unknown[] = [];
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch (error) {
        errors.push(error);
      }
    }
    closers.length = 0;
    if (errors.length) throw new AggregateError(errors, 'e2e teardown failed');
  };
  try {
    const siteRoot = snapshotSite();
    closers.push(() => rmSync(siteRoot, { recursive: true, force: true }));
    // The servers' logs, for the excerpt a failed test prints (support/browser.ts): removed
    // with the snapshot, closed after the servers (pushed first, so it closes last). With
    // E2E_KEEP_SERVER_LOG=1 the whole run's log is kept as test-results/e2e-server-log.ndjson
    // (e.g. for a CI artifact, or to see the timing of a run that passed).
    const serverLog = openServerLog(join(siteRoot, 'server-log.ndjson'));
    closers.push(() => {
      serverLog.close();
      if (process.env.E2E_KEEP_SERVER_LOG === '1') {
        cpSync(serverLog.path, join(RESULTS_DIR, 'e2e-server-log.ndjson'));
      }
    });
    const started = Date.now();
    await buildSite({ siteRoot, commitRef: VERSION.commitRef, buildNo: VERSION.buildNo });
    const buildMs = Date.now() - started;

    // With the demo accounts and the site's API client (the account tests sign in and register)
    // and the banners as photos, so the pages are tested as `npm start` serves them.
    // Info level: the platform logs one line per request (status and time), so a failed test
    // shows what the platform answered the site, or that a request never reached it.
    const platform: TestPlatform = await startTestPlatform({
      accounts: true,
      photos: true,
      server: { logger: { level: 'info', name: 'platform', stream: serverLog.stream } },
    });
    closers.push(() => platform.dispose());
    const failureSecret = 'SqliteError: e2e-secret-7d1f at /srv/platform/src/db/nodes.ts:42:7';
    const proxy: FaultProxy = await startFaultProxy(
      platform.url,
      FAILING_SLUG,
      failureSecret,
      (message, details) => serverLog.write('proxy', 40, message, details),
    );
    closers.push(() => proxy.close());

    const site: RunningSiteServer = await startSiteServer({
      siteRoot,
      platformUrl: proxy.url,
      projectId: PROJECT_ID,
      deliveryToken: DELIVERY_TOKEN,
      previewToken: PREVIEW_TOKEN,
      port: 0,
      host: '127.0.0.1',
      logger: { level: 'info', name: 'site', stream: serverLog.stream },
      publicUri: VERSION.publicUri,
      environmentAlias: VERSION.environmentAlias,
      servers: VERSION.servers,
      projects: [VERSION.otherProject],
      build: { pipelineUrl: VERSION.pipelineUrl },
      environment: 'production',
      // The browser reaches the site on 127.0.0.1, where this deployment lets anyone preview
      // (the version page shows the latest content there); the live name shows what is published.
      hosts: [
        { name: '127.0.0.1', preview: true },
        'localhost',
        'https://www.aberwen.example',
        'https://preview-aberwen.example',
      ],
      anonymousPreview: true,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      // The API client is for registration here; cache purging has its own tests.
      contentChanges: false,
      sessionSecret: 'e2e-session-secret-that-is-long-enough-0001',
      // The demo accounts are all on this domain: staff, whose account page lists environments.
      staffDomain: 'aberwen.example',
    });
    closers.push(() => site.close());

    project.provide('e2e', {
      siteUrl: site.url,
      platformUrl: proxy.url,
      deliveryToken: DELIVERY_TOKEN,
      previewToken: PREVIEW_TOKEN,
      version: VERSION,
      failingPath: `/${FAILING_SLUG}`,
      failureSecret,
      platformDataDir: platform.dataDir,
      siteRoot,
      serverLog: serverLog.path,
    });
    console.log(`e2e: site built in ${buildMs} ms, serving on ${site.url} (platform ${platform.url})`);
  } catch (error) {
    await teardown().catch(() => undefined);
    throw error;
  }
  return teardown;
}
