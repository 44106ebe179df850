import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

// Tests run against the TypeScript sources of the workspace packages, so `npm test` needs no build.
export default defineConfig({
  resolve: {
    alias: {
      '@canopy/client': src('client'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/bin/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
