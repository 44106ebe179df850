import { defineConfig } from 'vitest/config';

// The site's test starts the local platform and the site server for real: more time than the
// default five seconds.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } });
