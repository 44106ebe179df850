// Child processes of bench/site-servers.mjs (the platform, the built site), shared by the
// benchmark parts that run them.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVERS = fileURLToPath(new URL('./site-servers.mjs', import.meta.url));

/** Forks one server of bench/site-servers.mjs and resolves once it listens. */
export function startServer(args) {
  const child = fork(SERVERS, args, {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start within 120 s`)), 120_000);
    child.on('message', (message) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message.url);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited before it was ready (${signal ?? `exit code ${code}`})`));
    });
  });
  return { child, ready };
}

/** Asks a server to stop; kills it when it has not gone within 5 s. */
export async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    child.send({ type: 'stop' });
  } catch {
    child.kill('SIGTERM');
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** The number of requests the platform child has answered so far. */
export function platformRequests(child) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message?.type !== 'requests') return;
      child.off('message', onMessage);
      resolve(message.count);
    };
    child.on('message', onMessage);
    child.send({ type: 'requests' });
  });
}
