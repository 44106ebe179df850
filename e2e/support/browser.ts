import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { e2eEnvironment } from './environment.js';
import { formatLine, notableLines, serverLogSince } from './server-log.js';

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** How every e2e file starts the system Chromium (never a downloaded browser). */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
} as const;

/** A console message or uncaught error a page produced. */
export interface PageProblem {
  kind: 'error' | 'warning' | 'pageerror';
  text: string;
  url: string;
}

/** The browser of one e2e file and a fresh context and page per test. */
export interface BrowserFixture {
  readonly siteUrl: string;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and warnings and uncaught exceptions of this test's pages so far. */
  readonly problems: PageProblem[];
  /** Every request this test's pages made, in order. */
  readonly requests: Request[];
  /** An absolute URL on the site. */
  url(path: string): string;
}

function fileName(text: string): string {
  return text
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/**
 * Registers the hooks of an e2e file: Chromium launched once for the file (Playwright gives it
 * a fresh temporary profile and removes it on close), a new context (no cookies, no cache)
 * and page per test, a screenshot in `test-results/` when a test fails, and everything closed
 * afterwards, failures included.
 */
export function useBrowser(): BrowserFixture {
  let browser: Browser | null = null;
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  let problems: PageProblem[] = [];
  let requests: Request[] = [];
  let testStarted = 0;
  const { siteUrl, serverLog } = e2eEnvironment();

  beforeAll(async () => {
    browser = await chromium.launch({ ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args] });
  });

  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    problems = [];
    requests = [];
    testStarted = Date.now();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(20_000);
    context.on('request', (request) => requests.push(request));
    page = await context.newPage();
    const watch = (target: Page) => {
      target.on('console', (message) => {
        const type = message.type();
        if (type === 'error' || type === 'warning') {
          problems.push({ kind: type, text: message.text(), url: message.location().url || target.url() });
        }
      });
      target.on('pageerror', (error) => {
        problems.push({ kind: 'pageerror', text: error.stack ?? error.message, url: target.url() });
      });
    };
    watch(page);
    context.on('page', watch);
  });

  afterEach(async ({ task }) => {
    try {
      if (task.result?.state === 'fail' && page && !page.isClosed()) {
        mkdirSync(RESULTS_DIR, { recursive: true });
        const file = join(RESULTS_DIR, `${fileName(`${task.file.name}-${task.name}`)}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
        console.error(`Screenshot of the failed test: ${file} (page ${page.url()})`);
      }
      if (task.result?.state === 'fail') {
        const name = `${task.file.name}-${task.name}`;
        reportServerLog(serverLog, testStarted, name);
        await reportRequests(requests, name);
      }
    } finally {
      await context?.close().catch(() => undefined);
      context = null;
      page = null;
    }
  });

  afterAll(async () => {
    await browser?.close();
    browser = null;
  });

  const need = <T>(value: T | null, what: string): T => {
    if (!value) throw new Error(`No ${what}: use the fixture inside a test`);
    return value;
  };
  return {
    siteUrl,
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'browser context');
    },
    get page() {
      return need(page, 'page');
    },
    get problems() {
      return problems;
    },
    get requests() {
      return requests;
    },
    url: (path: string) => new URL(path, siteUrl).href,
  };
}

/** Lines of the servers' log from before the test started, for what led up to it. */
const LOG_LEAD_MS = 2_000;
/** Notable lines printed with a failure; the excerpt file has them all. */
const PRINTED_LINES = 40;

/**
 * Saves the servers' log lines of a failed test (from shortly before it started) next to its
 * screenshot, and prints the warnings, errors and 5xx answers among them: the site runs with
 * its log in a file (global-setup.ts), so a page that failed on the server says why.
 */
function reportServerLog(logFile: string, started: number, name: string): void {
  const lines = serverLogSince(logFile, started - LOG_LEAD_MS);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${fileName(name)}.server.log`);
  const startLine = `${new Date(started).toISOString()} -- the test starts --`;
  const text = lines.map(formatLine);
  const at = lines.findIndex((line) => line.time >= started);
  text.splice(at === -1 ? text.length : at, 0, startLine);
  writeFileSync(file, `${text.join('\n')}\n`);
  const notable = notableLines(lines.filter((line) => line.time >= started));
  console.error(
    [
      `Server log of the failed test: ${file} (${lines.length} lines; warnings, errors and 5xx since it started:)`,
      ...notable.slice(0, PRINTED_LINES).map(formatLine),
      ...(notable.length > PRINTED_LINES ? [`… and ${notable.length - PRINTED_LINES} more`] : []),
    ].join('\n'),
  );
}

/**
 * Saves the page requests of a failed test (documents, fetches, scripts: when each started,
 * its status or failure) to `test-results/<test>.requests.log`, to lay beside the servers' log.
 */
async function reportRequests(requests: readonly Request[], name: string): Promise<void> {
  const lines = await Promise.all(
    requests
      .filter((request) => ['document', 'fetch', 'xhr', 'script'].includes(request.resourceType()))
      .map(async (request) => {
        // A request still open (an event stream) has no answer to wait for.
        const response = await Promise.race([
          request.response().catch(() => null),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000)),
        ]);
        const outcome = response ? String(response.status()) : (request.failure()?.errorText ?? 'no answer');
        const started = request.timing().startTime;
        const at = started > 0 ? new Date(started).toISOString() : '?';
        return `${at} ${request.resourceType()} ${request.method()} ${request.url()} -> ${outcome}`;
      }),
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${fileName(name)}.requests.log`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.error(`Page requests of the failed test: ${file}`);
}

/** Problems as a readable list for an assertion message. */
export function describeProblems(problems: readonly PageProblem[]): string {
  return problems.map((problem) => `  [${problem.kind}] ${problem.url}\n    ${problem.text}`).join('\n');
}
