import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOSTS } from './site-hosts.js';
import { createSiteServer } from './site-server.js';

// A built site on disk (a minimal server bundle, a manifest, a script and its source map):
// the map is the whole source, so a production server serves it only when told to.

let siteRoot: string;

beforeAll(() => {
  siteRoot = mkdtempSync(join(tmpdir(), 'canopy-source-maps-'));
  mkdirSync(join(siteRoot, 'dist/server'), { recursive: true });
  mkdirSync(join(siteRoot, 'dist/client/.vite'), { recursive: true });
  mkdirSync(join(siteRoot, 'dist/client/assets'), { recursive: true });
  writeFileSync(
    join(siteRoot, 'dist/server/entry-server.js'),
    `export const renderer = { settings: { name: 'Built', language: 'en-GB', trailingSlashRedirectStatus: 302 },
      render: async () => ({ kind: 'error', status: 500 }) };\n`,
  );
  writeFileSync(
    join(siteRoot, 'dist/client/.vite/manifest.json'),
    JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/entry-1a2b.js', isEntry: true } }),
  );
  writeFileSync(join(siteRoot, 'dist/client/assets/entry-1a2b.js'), 'console.log(1);\n');
  writeFileSync(
    join(siteRoot, 'dist/client/assets/entry-1a2b.js.map'),
    '{"version":3,"sources":["secret.tsx"]}',
  );
});

afterAll(() => rmSync(siteRoot, { recursive: true, force: true }));

async function fetchMap(sourceMaps: boolean | undefined) {
  const site = await createSiteServer({
    siteRoot,
    platformUrl: 'http://127.0.0.1:9',
    hosts: DEMO_HOSTS,
    projectId: 'website',
    deliveryToken: 'token',
    logger: false,
    ...(sourceMaps === undefined ? {} : { sourceMaps }),
  });
  try {
    const script = await site.app.inject('/static/assets/entry-1a2b.js');
    const map = await site.app.inject('/static/assets/entry-1a2b.js.map');
    const upper = await site.app.inject('/static/assets/entry-1a2b.js.MAP?x=1');
    return { script: script.statusCode, map: map.statusCode, upper: upper.statusCode, body: map.body };
  } finally {
    await site.close();
  }
}

describe('source maps of a built site', () => {
  it('are not served by default', async () => {
    const answers = await fetchMap(undefined);
    expect(answers.script).toBe(200);
    expect(answers.map).toBe(404);
    expect(answers.upper).toBe(404);
    expect(answers.body).not.toContain('secret.tsx');
  });

  it('are served when the deployment opts in', async () => {
    const answers = await fetchMap(true);
    expect(answers.map).toBe(200);
    expect(answers.body).toContain('secret.tsx');
  });
});
