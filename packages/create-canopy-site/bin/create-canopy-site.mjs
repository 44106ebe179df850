#!/usr/bin/env node
// `npx create-canopy-site my-site` / `npm create canopy-site my-site`: writes a new site.
import { runCreate } from '../src/cli.mjs';

process.exitCode = runCreate(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
