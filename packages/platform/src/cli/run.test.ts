import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DATA_DIR_MARKER,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEFAULT_DELIVERY_TOKEN,
  DEFAULT_PREVIEW_TOKEN,
  DEMO_ACCOUNTS,
} from '../config.js';
import { openDatabase } from '../db/open.js';
import { writeOutboxMail } from '../mail/outbox.js';
import { findRepoRoot, resolveDataDir, SEEDING_MARKER } from './data-dir.js';
import type { CliIo } from './io.js';
import { runCli } from './run.js';
import { trustedProxies } from './serve.js';

function memoryIo(env: Record<string, string> = {}, shutdownSignal?: Promise<unknown>) {
  const output = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: { write: (text: string) => (output.stdout += text) },
    stderr: { write: (text: string) => (output.stderr += text) },
    env,
    ...(shutdownSignal ? { shutdownSignal } : {}),
  };
  return { io, output };
}

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-cli-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('canopy-platform credentials', () => {
  it('prints the project, URL, tokens and accounts as JSON', async () => {
    const { io, output } = memoryIo();
    expect(await runCli(['credentials', '--json', '--data', dir], io)).toBe(0);
    expect(JSON.parse(output.stdout)).toEqual({
      platformUrl: 'http://127.0.0.1:3001',
      projectId: 'website',
      deliveryAccessToken: DEFAULT_DELIVERY_TOKEN,
      previewAccessToken: DEFAULT_PREVIEW_TOKEN,
      dataDir: resolve(dir),
      accounts: DEMO_ACCOUNTS.map(({ username, password, groups }) => ({ username, password, groups })),
      clientId: DEFAULT_CLIENT_ID,
      clientSecret: DEFAULT_CLIENT_SECRET,
    });
  });

  it('takes tokens from the environment and the URL from --host/--port', async () => {
    const { io, output } = memoryIo({
      CANOPY_DELIVERY_TOKEN: 'd-token',
      CANOPY_PREVIEW_TOKEN: 'p-token',
      CANOPY_DATA_DIR: dir,
    });
    await runCli(['credentials', '--json', '--port', '4000', '--host', '0.0.0.0'], io);
    expect(JSON.parse(output.stdout)).toMatchObject({
      platformUrl: 'http://127.0.0.1:4000',
      deliveryAccessToken: 'd-token',
      previewAccessToken: 'p-token',
      dataDir: resolve(dir),
    });
    const text = memoryIo();
    await runCli(['credentials', '--data', dir], text.io);
    expect(text.output.stdout).toContain(DEFAULT_PREVIEW_TOKEN);
  });

  it('hides every secret set through the environment in the human-readable output', async () => {
    const secrets = {
      CANOPY_DELIVERY_TOKEN: 'real-delivery-token-1',
      CANOPY_PREVIEW_TOKEN: 'real-preview-token-2',
      CANOPY_CLIENT_SECRET: 'real-client-secret-3',
    };
    const { io, output } = memoryIo({ ...secrets, CANOPY_CLIENT_ID: 'real-site', CANOPY_DATA_DIR: dir });
    expect(await runCli(['credentials'], io)).toBe(0);
    for (const [variable, secret] of Object.entries(secrets)) {
      expect(output.stdout).not.toContain(secret);
      expect(output.stdout).toContain(`******** (from ${variable}, not shown)`);
    }
    // Ids are not secrets; the demo accounts' public passwords stay visible.
    expect(output.stdout).toContain('real-site');
    expect(output.stdout).toContain(DEMO_ACCOUNTS[0]!.password);
    // Scripts ask for the real values explicitly.
    const json = memoryIo({ ...secrets, CANOPY_DATA_DIR: dir });
    await runCli(['credentials', '--json'], json.io);
    expect(JSON.parse(json.output.stdout)).toMatchObject({
      deliveryAccessToken: secrets.CANOPY_DELIVERY_TOKEN,
      clientSecret: secrets.CANOPY_CLIENT_SECRET,
    });
  });
});

describe('CANOPY_TRUST_PROXY', () => {
  it('trusts the listed proxies and none when unset or empty', () => {
    expect(trustedProxies(' 127.0.0.1, 10.0.0.0/8 ,')).toEqual({ trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
    expect(trustedProxies(undefined)).toEqual({});
    expect(trustedProxies(' , ')).toEqual({});
  });
});

describe('arguments', () => {
  it.each([
    [['frobnicate'], /Unknown command/],
    [['serve', '--port', '99999'], /--port/],
    [['serve', '--bogus'], /bogus/],
    [['seed', '--generate', 'many'], /--generate/],
    [['seed', '--entries', '0'], /--entries needs a number/],
    [['credentials', 'extra'], /extra|positional/i],
  ])('rejects %j with the usage and exit code 2', async (argv, message) => {
    const { io, output } = memoryIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(output.stderr).toMatch(message);
    expect(output.stderr).toContain('Usage: canopy-platform');
  });

  it('prints the usage for --help (exit 0) and for no command (exit 2)', async () => {
    const help = memoryIo();
    expect(await runCli(['--help'], help.io)).toBe(0);
    expect(help.output.stdout).toContain('serve');
    expect(await runCli(['seed', '--help'], memoryIo().io)).toBe(0);
    expect(await runCli([], memoryIo().io)).toBe(2);
  });
});

describe('data directory', () => {
  it('prefers --data, then CANOPY_DATA_DIR, then .data at the repository root', () => {
    const here = fileURLToPath(new URL('.', import.meta.url));
    const root = findRepoRoot(here)!;
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces).toBeDefined();
    expect(resolveDataDir(undefined, {}, here)).toBe(join(root, '.data'));
    expect(resolveDataDir(undefined, { CANOPY_DATA_DIR: dir }, here)).toBe(resolve(dir));
    expect(resolveDataDir(join(dir, 'x'), { CANOPY_DATA_DIR: '/elsewhere' }, here)).toBe(join(dir, 'x'));
  });
});

describe('canopy-platform outbox', () => {
  it('says the outbox is empty, then prints the mails (all, or to one address) as text or JSON', async () => {
    const empty = memoryIo();
    expect(await runCli(['outbox', '--data', dir], empty.io)).toBe(0);
    expect(empty.output.stdout).toBe('The outbox is empty.\n');

    const link = 'http://127.0.0.1:3000/account/reset-password?token=abc';
    writeOutboxMail(
      dir,
      {
        to: 'member@aberwen.example',
        subject: 'Reset your password',
        kind: 'password-reset',
        link,
        text: `Open ${link}`,
      },
      Date.parse('2026-09-01T10:00:00Z'),
    );
    writeOutboxMail(
      dir,
      {
        to: 'nia@example.org',
        subject: 'Confirm your email address',
        kind: 'email-verification',
        text: 'Confirm',
      },
      Date.parse('2026-09-01T10:05:00Z'),
    );
    const all = memoryIo();
    expect(await runCli(['outbox', '--data', dir], all.io)).toBe(0);
    expect(all.output.stdout).toBe(
      [
        '2026-09-01T10:00:00.000Z  to member@aberwen.example\nSubject: Reset your password\n\nOpen http://127.0.0.1:3000/account/reset-password?token=abc\n\n',
        '2026-09-01T10:05:00.000Z  to nia@example.org\nSubject: Confirm your email address\n\nConfirm\n\n',
      ].join(''),
    );
    const one = memoryIo();
    expect(await runCli(['outbox', '--data', dir, '--to', 'MEMBER@aberwen.example', '--json'], one.io)).toBe(
      0,
    );
    expect(JSON.parse(one.output.stdout)).toMatchObject([
      { to: 'member@aberwen.example', kind: 'password-reset', link },
    ]);
  });
});

describe('canopy-platform seed and reset', () => {
  it('seeds the demo, then resets the data directory', async () => {
    const seeded = memoryIo();
    expect(await runCli(['seed', '--data', dir], seeded.io)).toBe(0);
    expect(seeded.output.stderr).toMatch(/Seeded the demo project "website"/);
    const db = openDatabase(join(dir, 'platform.db'));
    try {
      expect(db.prepare('SELECT id FROM projects').all()).toEqual([{ id: 'website' }]);
    } finally {
      db.close();
    }
    expect(existsSync(join(dir, DATA_DIR_MARKER))).toBe(true);
    writeFileSync(join(dir, 'notes.txt'), 'keep me');
    const reset = memoryIo();
    expect(await runCli(['reset', '--data', dir], reset.io)).toBe(0);
    expect(existsSync(join(dir, 'platform.db'))).toBe(false);
    expect(existsSync(join(dir, 'assets'))).toBe(false);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('keep me');
  }, 60_000);

  it('refuses to reset a directory that is not a data directory', async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'precious.txt'), 'x');
    const { io, output } = memoryIo();
    expect(await runCli(['reset', '--data', dir], io)).toBe(1);
    expect(output.stderr).toMatch(/not a Canopy data directory/);
    expect(existsSync(join(dir, 'assets', 'precious.txt'))).toBe(true);
  });

  it('seeds generated content with progress on stderr', async () => {
    const { io, output } = memoryIo();
    expect(await runCli(['seed', '--entries', '40', '--data', dir], io)).toBe(0);
    expect(output.stderr).toMatch(/\[#{20}\] 100% {2}[\d,]+ entries {2}[\d,]+ entries\/s/);
    expect(output.stderr).toMatch(/Seeded \d+ generated entries/);
    expect(output.stderr).toMatch(/Database: [\d,]+ MB; peak memory of this process: [\d,]+ MB/);
  }, 60_000);
});

describe('canopy-platform serve', () => {
  it('seeds on first start, serves, prints the banner and shuts down on the signal', async () => {
    let stop: () => void = () => {};
    const shutdown = new Promise<void>((resolve) => {
      stop = resolve;
    });
    // A real secret from the environment must not reach the banner; the demo defaults do.
    const { io, output } = memoryIo({ CANOPY_CLIENT_SECRET: 'real-client-secret-4' }, shutdown);
    const running = runCli(['serve', '--port', '0', '--data', dir], io);
    const deadline = Date.now() + 50_000;
    while (!output.stdout.includes('Press Ctrl+C') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(output.stderr).toContain('First start');
    const url = /Platform URL\s+(\S+)/.exec(output.stdout)![1]!;
    expect(output.stdout).toContain(DEFAULT_DELIVERY_TOKEN);
    expect(output.stdout).toContain(resolve(dir));
    expect(`${output.stdout}${output.stderr}`).not.toContain('real-client-secret-4');
    expect(output.stdout).toContain('******** (from CANOPY_CLIENT_SECRET, not shown)');
    const response = await fetch(`${url}/api/delivery/projects/website`, {
      headers: { accessToken: DEFAULT_DELIVERY_TOKEN },
    });
    expect(response.status).toBe(200);
    stop();
    expect(await running).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  }, 60_000);

  it('leaves the banner out with --quiet', async () => {
    expect(await runCli(['seed', '--data', dir], memoryIo().io)).toBe(0);
    const { io, output } = memoryIo({}, Promise.resolve());
    expect(await runCli(['serve', '--port', '0', '--quiet', '--data', dir], io)).toBe(0);
    expect(output.stdout).toBe('');
    expect(output.stderr).toBe('Shutting down…\n');
  }, 60_000);

  it('says when the demo content was seeded by an older version, and how to refresh it', async () => {
    expect(await runCli(['seed', '--data', dir], memoryIo().io)).toBe(0);
    // A data directory from before the consent wording's content type existed.
    const db = openDatabase(join(dir, 'platform.db'));
    db.prepare("DELETE FROM content_types WHERE project_id = 'website' AND id = 'cookieConsent'").run();
    db.close();
    const { io, output } = memoryIo({}, Promise.resolve());
    expect(await runCli(['serve', '--port', '0', '--quiet', '--data', dir], io)).toBe(0);
    expect(output.stderr).toContain('lacks the content type cookieConsent');
    expect(output.stderr).toContain('Run `canopy-platform seed`');
    // Seeding again brings it back and the notice goes.
    expect(await runCli(['seed', '--data', dir], memoryIo().io)).toBe(0);
    const again = memoryIo({}, Promise.resolve());
    expect(await runCli(['serve', '--port', '0', '--quiet', '--data', dir], again.io)).toBe(0);
    expect(again.output.stderr).toBe('Shutting down…\n');
  }, 60_000);

  it('seeds again after an interrupted seed', async () => {
    expect(await runCli(['seed', '--data', dir], memoryIo().io)).toBe(0);
    writeFileSync(join(dir, SEEDING_MARKER), '123\n');
    const { io, output } = memoryIo({}, Promise.resolve());
    expect(await runCli(['serve', '--port', '0', '--data', dir], io)).toBe(0);
    expect(output.stderr).toContain('interrupted');
    expect(existsSync(join(dir, SEEDING_MARKER))).toBe(false);
  }, 60_000);

  it('fails with exit code 1 when the port is taken', async () => {
    const blocker = await import('node:net').then(
      ({ createServer }) =>
        new Promise<import('node:net').Server>((resolve) => {
          const server = createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    );
    try {
      const port = (blocker.address() as import('node:net').AddressInfo).port;
      const { io, output } = memoryIo({}, new Promise(() => {}));
      expect(await runCli(['serve', '--port', String(port), '--data', dir], io)).toBe(1);
      expect(output.stderr).toMatch(/Could not listen/);
    } finally {
      blocker.close();
    }
  }, 60_000);
});
