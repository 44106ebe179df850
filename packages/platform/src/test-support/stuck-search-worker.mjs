// A stand-in search worker that takes every question and never answers: a search on it can
// only end through the pool's time budget, whatever the machine's speed.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', () => {});
