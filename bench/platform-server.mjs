#!/usr/bin/env node
// The platform as bench/platform.mjs runs it: `canopy-platform serve` with the arguments given,
// run through the compiled CLI in a script of the benchmark's own, so that tools stopping
// other `canopy-platform` processes by name leave a running benchmark alone.
import { processIo } from '../packages/platform/dist/src/cli/io.js';
import { runCli } from '../packages/platform/dist/src/cli/run.js';

process.exitCode = await runCli(['serve', ...process.argv.slice(2)], processIo());
