#!/usr/bin/env node
// tsc compiles TypeScript only; files the compiled code reads at run time (SQL migrations)
// are copied next to it here.
import { chmodSync, cpSync, existsSync } from 'node:fs';

const copies = [['packages/platform/src/db/migrations', 'packages/platform/dist/src/db/migrations']];
for (const [from, to] of copies) {
  if (existsSync(from)) cpSync(from, to, { recursive: true, filter: (src) => !src.endsWith('.ts') });
}

// npm makes the packages' bins executable when it links them, which in a fresh clone is before
// the first build writes them: without this, `npx canopy-web` answers "Permission denied".
for (const bin of ['packages/web/dist/bin/canopy-web.js', 'packages/platform/dist/bin/canopy-platform.js']) {
  if (existsSync(bin)) chmodSync(bin, 0o755);
}
