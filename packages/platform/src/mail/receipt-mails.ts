import { getEntryVersion, parseEntryData } from '../db/entries.js';
import type { Db } from '../db/open.js';
import type { EventBus, PlatformEvent } from '../events/bus.js';
import { renderTemplate } from '../events/template.js';
import { writeOutboxMail } from './outbox.js';
import type { OwnerMailLimit, WarningLog } from './owner-mail-limit.js';

/**
 * A receipt the platform mails when an entry of a content type is created (Canopy's addition
 * to the contract, like the account mails): a booking's confirmation to the address in the
 * booking. The wording is the platform's configuration, not the caller's, so whoever may
 * create such entries (a site's API client) can make the platform send this mail and no other.
 *
 * `subject` and `text` are templates with the event stream's `{{path}}` placeholders over
 * `entry` (the entry as created) and `linked.<field>` (the published entry each top-level
 * entry link of it names, e.g. `{{linked.event.entryTitle}}`).
 */
export interface ReceiptMailSetting {
  projectId: string;
  contentTypeId: string;
  /** The field holding the address to mail. */
  toField: string;
  /** The mail's kind in the outbox, e.g. `booking-confirmation`. */
  kind: string;
  subject: string;
  text: string;
  /**
   * The subject and text for an entry created in another language (`{ cy: { subject, text } }`,
   * the same placeholders): a booking made on a Welsh page is confirmed in Welsh. An entry in a
   * language not named here gets `subject` and `text`.
   */
  languages?: Readonly<Record<string, { subject: string; text: string }>>;
}

/** What {@link sendReceiptMails} writes with. */
export interface ReceiptMailDeps {
  db: Db;
  dataDir: string;
  ownerMails: OwnerMailLimit;
  now: () => number;
  log: WarningLog;
}

/** A rough address check: the mail goes nowhere else than something@something.something. */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The receipt for a platform event, or `null` when the event is not the creation of an entry
 * a setting names, or the entry holds no usable address.
 *
 * @example
 * receiptFor(settings, event, (id, language) => readPublished(id, language));
 * // { to: 'ann@example.org', kind: 'booking-confirmation', subject: 'Booking confirmed: Open day', text: '…' }
 */
export function receiptFor(
  settings: readonly ReceiptMailSetting[],
  event: PlatformEvent,
  readLinked: (id: string, language: string) => Record<string, unknown> | undefined,
): { to: string; kind: string; subject: string; text: string } | null {
  if (event.resourceType !== 'entry' || event.event !== 'created') return null;
  const setting = settings.find(
    (candidate) => candidate.projectId === event.projectId && candidate.contentTypeId === event.contentTypeId,
  );
  if (!setting || typeof event.resource !== 'object' || event.resource === null) return null;
  const entry = event.resource as Record<string, unknown>;
  const to = entry[setting.toField];
  if (typeof to !== 'string' || to.length > 254 || !ADDRESS.test(to)) return null;
  const linked: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(entry)) {
    const id = entryLinkId(value);
    if (id) linked[field] = readLinked(id, event.language ?? '') ?? null;
  }
  const context = { entry, linked };
  const words = (event.language && setting.languages?.[event.language]) || setting;
  // One line: a subject never carries a line break into the mail's headers.
  const subject = renderTemplate(words.subject, context).replace(/[\r\n]+/g, ' ');
  return { to, kind: setting.kind, subject, text: renderTemplate(words.text, context) };
}

function entryLinkId(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const sys = (value as { sys?: unknown }).sys;
  if (typeof sys !== 'object' || sys === null) return null;
  const { id, dataFormat } = sys as { id?: unknown; dataFormat?: unknown };
  return typeof id === 'string' && dataFormat === 'entry' ? id : null;
}

/**
 * Writes the receipts of created entries to the outbox, as they are committed (a listener on
 * the event bus). Each counts against the address's mail limit (`ownerMailLimit`), so nobody
 * can fill a stranger's inbox with bookings. Returns the function that stops it.
 */
export function sendReceiptMails(
  bus: EventBus,
  settings: readonly ReceiptMailSetting[],
  deps: ReceiptMailDeps,
): () => void {
  if (settings.length === 0) return () => {};
  const readLinked = (projectId: string) => (id: string, language: string) => {
    const version = getEntryVersion(deps.db, projectId, id, language, 'published');
    return version ? parseEntryData(version) : undefined;
  };
  const unsubscribe = bus.subscribe((event) => {
    const mail = receiptFor(settings, event, readLinked(event.projectId));
    if (!mail) return;
    const now = deps.now();
    if (!deps.ownerMails.admit({ to: mail.to, kind: mail.kind }, now, deps.log)) return;
    writeOutboxMail(deps.dataDir, mail, now);
  });
  return () => {
    unsubscribe();
  };
}
