#!/usr/bin/env node
// The `canopy-platform` command; all logic lives in src/cli so tests can run it in-process.
import { processIo } from '../src/cli/io.js';
import { runCli } from '../src/cli/run.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());
