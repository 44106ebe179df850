/**
 * Entry workflows (contract §4.2 "Entries", §4.5). Each content type names a workflow
 * (`workflowId`); the state of an entry version is `sys.workflow.state`. Two workflows are
 * known, with the states and events the contract lists:
 *
 * - `contensisEntryBasic`: `draft` --publish--> `versionComplete`.
 * - `contensisEntryApproval`: `draft` --submit--> `awaitingApproval` --approve--> `versionComplete`,
 *   `awaitingApproval` --decline--> `declined` --submit--> `awaitingApproval`,
 *   `awaitingApproval` --revoke--> `draft`.
 *
 * In both, `sysUnpublish` withdraws the published version whatever the latest version's state
 * (it is only offered while one is published), and saving a version (`versionComplete.sysUpdate`,
 * implicit in an update) starts a new `draft`. Events may be named bare (`publish`), qualified
 * by the current state (`draft.publish`) or by any state (`*.sysUnpublish`).
 */

/** The workflow id the platform's content types use unless they name another. */
export const BASIC_WORKFLOW = 'contensisEntryBasic';

/** The approval workflow. */
export const APPROVAL_WORKFLOW = 'contensisEntryApproval';

/** States an entry version can be in. */
export const STATES = {
  draft: 'draft',
  awaitingApproval: 'awaitingApproval',
  declined: 'declined',
  versionComplete: 'versionComplete',
} as const;

/** What firing an event does to the stored versions. */
export type WorkflowEffect =
  /** The latest version becomes the published one (major version bump). */
  | 'publish'
  /** The published version is withdrawn; the latest stays (as a draft). */
  | 'unpublish'
  /** Only the latest version's state changes. */
  | 'state';

/** One event of a workflow. */
interface EventDefinition {
  /** Canonical name, e.g. `submit`. */
  name: string;
  /** How `allowedEvents` lists it: `publish`, `draft.submit`, `sysUnpublish`, … */
  listed: (state: string) => string;
  /** States it may fire from; `*` = any state. */
  from: readonly string[] | '*';
  /** State of the latest version afterwards. */
  to: string;
  effect: WorkflowEffect;
  /** Only offered when the variation has a published version. */
  needsPublished?: boolean;
  /** Only offered when the latest version is not the published one. */
  needsUnpublishedLatest?: boolean;
}

const qualified = (name: string) => (state: string) => `${state}.${name}`;
const bare = (name: string) => () => name;

const unpublish: EventDefinition = {
  name: 'sysUnpublish',
  listed: bare('sysUnpublish'),
  from: '*',
  to: STATES.draft,
  effect: 'unpublish',
  needsPublished: true,
};

const WORKFLOWS: Record<string, readonly EventDefinition[]> = {
  [BASIC_WORKFLOW]: [
    {
      name: 'publish',
      listed: bare('publish'),
      from: [STATES.draft],
      to: STATES.versionComplete,
      effect: 'publish',
      needsUnpublishedLatest: true,
    },
    unpublish,
  ],
  [APPROVAL_WORKFLOW]: [
    {
      name: 'submit',
      listed: qualified('submit'),
      from: [STATES.draft, STATES.declined],
      to: STATES.awaitingApproval,
      effect: 'state',
    },
    {
      name: 'approve',
      listed: qualified('approve'),
      from: [STATES.awaitingApproval],
      to: STATES.versionComplete,
      effect: 'publish',
    },
    {
      name: 'decline',
      listed: qualified('decline'),
      from: [STATES.awaitingApproval],
      to: STATES.declined,
      effect: 'state',
    },
    {
      name: 'revoke',
      listed: qualified('revoke'),
      from: [STATES.awaitingApproval],
      to: STATES.draft,
      effect: 'state',
    },
    unpublish,
  ],
};

/** What the workflow needs to know about an entry variation. */
export interface WorkflowPosition {
  workflowId: string;
  /** State of the latest version. */
  state: string;
  /** Whether the variation has a published version. */
  hasPublished: boolean;
  /** Whether the latest version is the published one. */
  latestIsPublished: boolean;
}

/** A transition the workflow allows. */
export interface Transition {
  /** Canonical event name, e.g. `publish`, `submit`, `sysUnpublish`. */
  event: string;
  /** How the event is listed (`draft.submit`); what `sys.workflow.transition.event` records. */
  listedAs: string;
  from: string;
  to: string;
  effect: WorkflowEffect;
}

/** The workflow a content type names, falling back to the basic one for unknown ids. */
export function workflowIdOf(contentType: Readonly<Record<string, unknown>> | undefined): string {
  const id = typeof contentType?.workflowId === 'string' ? contentType.workflowId : '';
  return WORKFLOWS[id] ? id : BASIC_WORKFLOW;
}

function offered(definition: EventDefinition, position: WorkflowPosition): boolean {
  if (definition.needsPublished && !position.hasPublished) return false;
  if (definition.needsUnpublishedLatest && position.latestIsPublished) return false;
  return definition.from === '*' || definition.from.includes(position.state);
}

/**
 * The events that may fire now (`sys.workflow.allowedEvents`).
 *
 * @example
 * allowedEvents({ workflowId: 'contensisEntryBasic', state: 'draft', hasPublished: true, latestIsPublished: false });
 * // ['publish', 'sysUnpublish']
 */
export function allowedEvents(position: WorkflowPosition): string[] {
  const definitions = WORKFLOWS[position.workflowId] ?? WORKFLOWS[BASIC_WORKFLOW]!;
  return definitions
    .filter((definition) => offered(definition, position))
    .map((definition) => definition.listed(position.state));
}

/** Why an event cannot fire. */
export class WorkflowError extends Error {
  constructor(
    message: string,
    readonly allowed: string[],
  ) {
    super(message);
    this.name = 'WorkflowError';
  }
}

/**
 * Resolves an event name against the variation's position. Accepts `name`, `state.name` (the
 * state must be the current one) and `*.name`, ignoring letter case. Throws
 * {@link WorkflowError} when the event is unknown to the workflow or not allowed now.
 *
 * @example
 * resolveTransition({ workflowId: 'contensisEntryBasic', state: 'draft', hasPublished: false, latestIsPublished: false }, 'draft.publish');
 * // { event: 'publish', listedAs: 'publish', from: 'draft', to: 'versionComplete', effect: 'publish' }
 */
export function resolveTransition(position: WorkflowPosition, requested: string): Transition {
  const allowed = allowedEvents(position);
  const definitions = WORKFLOWS[position.workflowId] ?? WORKFLOWS[BASIC_WORKFLOW]!;
  const text = requested.trim();
  const dot = text.lastIndexOf('.');
  const qualifier = dot >= 0 ? text.slice(0, dot) : undefined;
  const name = (dot >= 0 ? text.slice(dot + 1) : text).toLowerCase();
  const definition = definitions.find((candidate) => candidate.name.toLowerCase() === name);
  if (!definition) {
    throw new WorkflowError(
      `The event '${text.slice(0, 100)}' is not part of the workflow '${position.workflowId}'`,
      allowed,
    );
  }
  const qualifierMatches =
    qualifier === undefined || qualifier === '*' || qualifier.toLowerCase() === position.state.toLowerCase();
  if (!qualifierMatches || !offered(definition, position)) {
    throw new WorkflowError(
      `The event '${text.slice(0, 100)}' is not allowed while the entry is in the state '${position.state}'` +
        (definition.needsPublished && !position.hasPublished ? ' and not published' : '') +
        (definition.needsUnpublishedLatest && position.latestIsPublished ? ' and already published' : ''),
      allowed,
    );
  }
  return {
    event: definition.name,
    listedAs: definition.listed(position.state),
    from: position.state,
    to: definition.to,
    effect: definition.effect,
  };
}
