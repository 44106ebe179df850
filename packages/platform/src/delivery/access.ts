import {
  ANY_SIGNED_IN,
  entryAccessKeys,
  groupKey,
  hiddenEntriesSql,
  projectAccessKeys,
  projectHasRestrictedEntries,
} from '../db/entry-access.js';
import type { Db } from '../db/open.js';
import { HttpError } from './errors.js';

/** The signed-in visitor a delivery request is made for (contract §7.7). */
export interface DeliveryVisitor {
  /** User id. */
  id: string;
  /** The user's groups, inherited ones included. */
  groups: readonly { id: string; name: string }[];
  /** A system administrator reads everything. */
  unrestricted: boolean;
}

/** Whether an entry may be served: yes, sign-in needed (401), or not entitled (403). */
export type ContentDecision = 'allowed' | 401 | 403;

/**
 * Up to this many restriction rows are read once per request (a node tree asks about every
 * node); past it each entry is looked up on its own.
 */
const ACCESS_ROWS_READ_AT_ONCE = 2000;

/** The 401 message for restricted content read without a signed-in visitor. */
export const SIGN_IN_REQUIRED = 'This content requires a signed-in visitor';

/** The 403 message for restricted content read by a visitor outside its groups. */
export const NOT_ENTITLED = 'The signed-in visitor is not allowed to read this content';

/**
 * The access rules of one delivery request over group-restricted entries (migration 010): an
 * entry with a restriction is served only to a signed-in visitor in one of its groups (by id or
 * name, inherited membership counting; or any signed-in visitor when it names none). Direct
 * reads of a refused entry (or its node) answer 401 or 403; lists, searches, counts,
 * aggregations, linked entries and node lists leave it out as if it did not exist.
 *
 * Cheap for public content: whether the project restricts anything is one indexed lookup per
 * request, and the visitor's credentials are only checked once a restricted entry is met.
 */
export class ContentAccess {
  private restricted: boolean | undefined;
  private visitorMemo: { value: DeliveryVisitor | null } | undefined;
  private keysMemo: string[] | null | undefined;
  /** The project's restrictions by entry, when read at once (`null`: too many, or not yet). */
  private allKeys: Map<string, string[]> | null | undefined;
  private readonly decisions = new Map<string, ContentDecision>();

  constructor(
    private readonly db: Db,
    private readonly projectId: string,
    private readonly resolveVisitor: () => DeliveryVisitor | null,
  ) {}

  /** Whether the project has any restricted entry at all. */
  get hasRestrictions(): boolean {
    this.restricted ??= projectHasRestrictedEntries(this.db, this.projectId);
    return this.restricted;
  }

  /**
   * Whether the answer depends on who the visitor is (restricted content was met, so the
   * visitor was looked up): HTTP caches must then keep it per visitor, if at all.
   */
  get dependsOnVisitor(): boolean {
    return this.visitorMemo !== undefined;
  }

  /** The visitor behind the request's credentials, or `null` for an anonymous one. */
  get visitor(): DeliveryVisitor | null {
    this.visitorMemo ??= { value: this.resolveVisitor() };
    return this.visitorMemo.value;
  }

  /** Whether the entry may be served to this request's visitor. */
  decide(entryId: string): ContentDecision {
    if (!this.hasRestrictions) return 'allowed';
    let decision = this.decisions.get(entryId);
    if (decision === undefined) {
      decision = this.evaluate(entryId);
      this.decisions.set(entryId, decision);
    }
    return decision;
  }

  /** Whether the entry may be served (lists and links skip it when not). */
  canRead(entryId: string): boolean {
    return this.decide(entryId) === 'allowed';
  }

  /**
   * Throws the contract's 401 or 403 (error body §1.12) when the entry may not be served.
   *
   * @example
   * context.access.require(entryId); // before shaping a single entry or node
   */
  require(entryId: string): void {
    const decision = this.decide(entryId);
    if (decision === 'allowed') return;
    throw new HttpError(decision, decision === 401 ? SIGN_IN_REQUIRED : NOT_ENTITLED, {
      entryId,
      projectId: this.projectId,
    });
  }

  /**
   * SQL that is true for rows whose `column` (an entry id) this visitor may not read, or
   * `null` when nothing is hidden from them (no restrictions, or an unrestricted visitor).
   */
  hiddenSql(column: string, bind: (value: string) => string): string | null {
    if (!this.hasRestrictions) return null;
    const keys = this.visitorKeys();
    if (keys === undefined) return null;
    return hiddenEntriesSql(column, this.projectId, keys, bind);
  }

  /** `undefined`: sees everything; `null`: anonymous; else the visitor's group keys. */
  private visitorKeys(): string[] | null | undefined {
    if (this.keysMemo !== undefined) return this.keysMemo;
    const visitor = this.visitor;
    if (visitor?.unrestricted) return undefined;
    this.keysMemo = visitor
      ? [
          ANY_SIGNED_IN,
          ...new Set(visitor.groups.flatMap((group) => [groupKey(group.id), groupKey(group.name)])),
        ]
      : null;
    return this.keysMemo;
  }

  private requiredKeys(entryId: string): string[] | undefined {
    if (this.allKeys === undefined) {
      this.allKeys = projectAccessKeys(this.db, this.projectId, ACCESS_ROWS_READ_AT_ONCE) ?? null;
    }
    return this.allKeys ? this.allKeys.get(entryId) : entryAccessKeys(this.db, this.projectId, entryId);
  }

  private evaluate(entryId: string): ContentDecision {
    const required = this.requiredKeys(entryId);
    if (!required) return 'allowed';
    const visitor = this.visitor;
    if (!visitor) return 401;
    if (visitor.unrestricted) return 'allowed';
    const keys = new Set(this.visitorKeys() ?? []);
    return required.some((key) => keys.has(key)) ? 'allowed' : 403;
  }
}
