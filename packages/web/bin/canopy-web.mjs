#!/usr/bin/env node
// The installed `canopy-web` command. npm links a package's commands while it installs, before
// `prepare` has compiled dist/, and leaves out any whose file is missing; this file is committed,
// so the command exists in a fresh clone and runs the compiled one.
let command;
try {
  command = await import('../dist/bin/canopy-web.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/bin/')) throw error;
  console.error('canopy-web is not built yet: run `npm run build` (or `npm install`) first.');
  process.exit(1);
}
await command.runAsProgram(process.argv.slice(2));
