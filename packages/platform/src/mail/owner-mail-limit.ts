/**
 * How many mails the platform sends one address on behalf of anonymous requests (a password
 * reset, a verification mail, a "someone tried to register with your address" mail) within a
 * window. The endpoints that send them answer the same whether or not a mail goes out (they
 * never say whether an address has an account), so without a limit anyone could fill a
 * stranger's inbox by asking again and again.
 */
export interface OwnerMailLimitOptions {
  /** Mails to one address within a window (default 5). */
  perAddress: number;
  /** Length of the window, in seconds (default 15 minutes). */
  windowSeconds: number;
  /** Addresses remembered at once (default 10 000); the least recently mailed are forgotten first. */
  maxEntries: number;
}

/** Where {@link OwnerMailLimit.admit} says that it held a mail back (a Fastify request's `log`). */
export interface WarningLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** The defaults of {@link OwnerMailLimitOptions}. */
export const DEFAULT_OWNER_MAIL_LIMIT: OwnerMailLimitOptions = {
  perAddress: 5,
  windowSeconds: 15 * 60,
  maxEntries: 10_000,
};

/**
 * Counts the mails sent to each address and says whether another may go. In memory on
 * purpose, like the sign-in throttle: per process, no disk write per mail, and a restart
 * forgetting it only allows a few more mails.
 *
 * @example
 * const limit = new OwnerMailLimit({ perAddress: 2 });
 * limit.allow('ann@example.org', now); // true
 * limit.allow('ANN@example.org', now); // true (addresses compare without case)
 * limit.allow('ann@example.org', now); // false until the first mail is a window old
 */
export class OwnerMailLimit {
  readonly options: OwnerMailLimitOptions;
  /** Send times (ms) by lower-cased address, least recently mailed first. */
  private readonly sent = new Map<string, number[]>();

  constructor(options: Partial<OwnerMailLimitOptions> = {}) {
    this.options = { ...DEFAULT_OWNER_MAIL_LIMIT, ...options };
  }

  /**
   * Whether `mail` may go now, as {@link allow}; a mail held back is logged as a warning with
   * its kind and user id, never the address.
   *
   * @example
   * if (owner && limit.admit({ to: owner.email, kind: 'password-reset', userId: owner.id }, now, request.log)) sendIt();
   */
  admit(mail: { to: string; kind: string; userId?: string }, now: number, log: WarningLog): boolean {
    if (this.allow(mail.to, now)) return true;
    log.warn(
      { kind: mail.kind, ...(mail.userId ? { userId: mail.userId } : {}) },
      'Mail not sent: the address had its limit of mails for now',
    );
    return false;
  }

  /** Whether a mail to `address` may go now; a mail allowed is counted. */
  allow(address: string, now: number): boolean {
    const key = address.toLowerCase();
    const windowMs = this.options.windowSeconds * 1000;
    const recent = (this.sent.get(key) ?? []).filter((at) => now - at < windowMs);
    this.sent.delete(key);
    const allowed = recent.length < this.options.perAddress;
    if (allowed) recent.push(now);
    if (recent.length > 0) this.sent.set(key, recent);
    while (this.sent.size > this.options.maxEntries) {
      const oldest = this.sent.keys().next().value;
      if (oldest === undefined) break;
      this.sent.delete(oldest);
    }
    return allowed;
  }
}
