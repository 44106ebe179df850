#!/usr/bin/env node
// The installed `canopy-platform` command. npm links a package's commands while it installs,
// before `prepare` has compiled dist/, and leaves out any whose file is missing; this file is
// committed, so the command exists in a fresh clone and runs the compiled one.
try {
  await import('../dist/bin/canopy-platform.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/bin/')) throw error;
  console.error('canopy-platform is not built yet: run `npm run build` (or `npm install`) first.');
  process.exit(1);
}
