import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

// Tests run against the TypeScript sources of the workspace packages, so `npm test` needs no build.
export default defineConfig({
  resolve: {
    alias: {
      '@canopy/client': src('client'),
      '@canopy/platform': src('platform'),
      '@canopy/web': src('web'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/bin/**/*.test.ts',
            'scripts/**/*.test.ts',
            'scripts/**/*.test.mjs',
            // Pure helpers of the benchmarks (the relevance metrics).
            'bench/**/*.test.mjs',
          ],
          exclude: ['packages/web/**', 'packages/create-canopy-site/**', '**/node_modules/**'],
          testTimeout: 20_000,
        },
      },
      {
        // The site framework and the demo site: pure logic, React output rendered with
        // react-dom/server, and servers started for real on 127.0.0.1.
        extends: true,
        test: {
          name: 'web',
          include: [
            'packages/web/src/**/*.test.{ts,tsx}',
            'packages/web/bin/**/*.test.ts',
            'site/src/**/*.test.{ts,tsx}',
            // The new-site scaffold: it builds and serves the sites it writes, and its template
            // is a site whose own test runs here as it runs in a new site.
            'packages/create-canopy-site/src/**/*.test.ts',
            'packages/create-canopy-site/template/src/**/*.test.{ts,tsx}',
            // The deployment: the chain platform → site workers → Varnish.
            'deploy/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Browser tests: playwright-core drives the system Chromium against the built demo site.
        // The global setup builds the site once and starts one platform and one site server for
        // every file; files run one at a time (after the other projects) so one browser and the
        // shared servers never compete for the CPU.
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
