#!/usr/bin/env node
// tsc compiles TypeScript only; files the compiled code reads at run time (SQL migrations)
// are copied next to it here.
import { cpSync, existsSync } from 'node:fs';

const copies = [['packages/platform/src/db/migrations', 'packages/platform/dist/src/db/migrations']];
for (const [from, to] of copies) {
  if (existsSync(from)) cpSync(from, to, { recursive: true, filter: (src) => !src.endsWith('.ts') });
}
