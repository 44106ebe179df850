export { openDatabase } from './db/open.js';
