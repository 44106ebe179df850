import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder under the data directory where the platform "sends" mail. */
export const OUTBOX_DIR = 'outbox';

/** A mail the platform wrote instead of sending it (there is no mail server here). */
export interface OutboxMail {
  id: string;
  /** ISO 8601 */
  created: string;
  to: string;
  subject: string;
  text: string;
  /** What the mail is for, e.g. `password-reset`. */
  kind: string;
  /** The link the mail asks the reader to follow, when it has one. */
  link?: string;
}

/**
 * Writes a mail into the local outbox (`<dataDir>/outbox/<time>-<id>.json`), where the CLI
 * (`canopy-platform outbox`), tests and developers read it.
 */
export function writeOutboxMail(
  dataDir: string,
  mail: Omit<OutboxMail, 'id' | 'created'>,
  now: number,
): OutboxMail {
  const dir = join(dataDir, OUTBOX_DIR);
  mkdirSync(dir, { recursive: true });
  const created = new Date(now).toISOString();
  const id = randomBytes(6).toString('hex');
  const written: OutboxMail = { id, created, ...mail };
  writeFileSync(
    join(dir, `${created.replace(/[:.]/g, '-')}-${id}.json`),
    `${JSON.stringify(written, null, 2)}\n`,
    {
      mode: 0o600,
    },
  );
  return written;
}

/**
 * The mails in the outbox, oldest first; with `to`, only those to that address (any case).
 *
 * @example
 * const [mail] = readOutbox('.data', { to: 'member@aberwen.example' }).slice(-1);
 */
export function readOutbox(dataDir: string, filter: { to?: string } = {}): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, OUTBOX_DIR)).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  const mails = files
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dataDir, OUTBOX_DIR, file), 'utf8')) as OutboxMail);
  const to = filter.to?.toLowerCase();
  return to ? mails.filter((mail) => mail.to.toLowerCase() === to) : mails;
}
