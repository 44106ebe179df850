import type { PlatformEvent } from './bus.js';

/**
 * Event-stream subscriptions (contract §4.2 "Event stream"): what a client sends to
 * `POST P/events/sse/stream`, validated, and the topic filter applied to each
 * {@link PlatformEvent}.
 */

/** One topic: every criterion given must match (lists match any of their values). */
export interface EventTopic {
  id?: string;
  resourceType?: string;
  event?: string[];
  contentTypeId?: string[];
  language?: string[];
  owner?: string;
  workflowState?: string[];
  workflowEvent?: string[];
}

/** A validated subscription. */
export interface EventSubscription {
  topics: EventTopic[];
  /** Data templates by resource type (`entry`, `asset`, …). */
  templates: Record<string, string>;
}

/** Limits that keep one subscription small. */
export const SUBSCRIPTION_LIMITS = {
  topics: 50,
  valuesPerList: 100,
  valueLength: 200,
  templates: 20,
  templateLength: 10_000,
} as const;

/** Why a subscription was refused: `status` 400 for a malformed body, 422 for an empty or oversized one. */
export class SubscriptionError extends Error {
  constructor(
    readonly status: 400 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionError';
  }
}

const LIST_KEYS = ['event', 'contentTypeId', 'language', 'workflowState', 'workflowEvent'] as const;
const TEXT_KEYS = ['id', 'resourceType', 'owner'] as const;

/**
 * Validates a subscription body. Topic keys are those of the contract's client type; unknown
 * keys are ignored, list keys also accept a single string, and empty lists mean "any".
 *
 * @example
 * parseSubscription({ topics: [{ resourceType: 'entry', event: ['published'] }] });
 * // { topics: [{ resourceType: 'entry', event: ['published'] }], templates: {} }
 */
export function parseSubscription(body: unknown): EventSubscription {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SubscriptionError(400, 'The request body must be an event subscription { topics, templates? }');
  }
  const { topics, templates } = body as Record<string, unknown>;
  if (topics === undefined || topics === null || (Array.isArray(topics) && topics.length === 0)) {
    throw new SubscriptionError(422, 'The subscription needs at least one topic');
  }
  if (!Array.isArray(topics)) throw new SubscriptionError(400, "'topics' must be an array of topics");
  if (topics.length > SUBSCRIPTION_LIMITS.topics) {
    throw new SubscriptionError(422, `A subscription may have at most ${SUBSCRIPTION_LIMITS.topics} topics`);
  }
  return { topics: topics.map(parseTopic), templates: parseTemplates(templates) };
}

function parseTopic(value: unknown, index: number): EventTopic {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SubscriptionError(400, `Topic ${index} must be an object`);
  }
  const raw = value as Record<string, unknown>;
  const topic: EventTopic = {};
  for (const key of TEXT_KEYS) {
    const item = raw[key];
    if (item === undefined || item === null || item === '') continue;
    topic[key] = text(item, `topics[${index}].${key}`);
  }
  for (const key of LIST_KEYS) {
    const item = raw[key];
    if (item === undefined || item === null) continue;
    const list = Array.isArray(item) ? item : [item];
    if (list.length > SUBSCRIPTION_LIMITS.valuesPerList) {
      throw new SubscriptionError(
        422,
        `topics[${index}].${key} may list at most ${SUBSCRIPTION_LIMITS.valuesPerList} values`,
      );
    }
    const values = list.map((entry) => text(entry, `topics[${index}].${key}`));
    if (values.length > 0) topic[key] = values;
  }
  return topic;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new SubscriptionError(400, `${name} must be a string`);
  if (value.length > SUBSCRIPTION_LIMITS.valueLength) {
    throw new SubscriptionError(422, `${name} is longer than ${SUBSCRIPTION_LIMITS.valueLength} characters`);
  }
  return value;
}

function parseTemplates(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new SubscriptionError(400, "'templates' must be an object of resource type → template text");
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > SUBSCRIPTION_LIMITS.templates) {
    throw new SubscriptionError(422, `At most ${SUBSCRIPTION_LIMITS.templates} templates are allowed`);
  }
  const templates: Record<string, string> = Object.create(null);
  for (const [key, template] of entries) {
    if (typeof template !== 'string')
      throw new SubscriptionError(400, `templates.${key.slice(0, 50)} must be a string`);
    if (template.length > SUBSCRIPTION_LIMITS.templateLength) {
      throw new SubscriptionError(
        422,
        `templates.${key.slice(0, 50)} is longer than ${SUBSCRIPTION_LIMITS.templateLength} characters`,
      );
    }
    templates[key.toLowerCase()] = template;
  }
  return templates;
}

const same = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();
const anyOf = (list: string[] | undefined, value: string | undefined) =>
  list === undefined || list.some((item) => same(item, value));

/** Whether an event matches one topic (letter case is ignored). */
export function matchesTopic(topic: EventTopic, event: PlatformEvent): boolean {
  return (
    (topic.resourceType === undefined || same(topic.resourceType, event.resourceType)) &&
    (topic.id === undefined || same(topic.id, event.resourceId)) &&
    (topic.owner === undefined || same(topic.owner, event.owner)) &&
    anyOf(topic.event, event.event) &&
    anyOf(topic.contentTypeId, event.contentTypeId) &&
    anyOf(topic.language, event.language) &&
    anyOf(topic.workflowState, event.workflowState) &&
    anyOf(topic.workflowEvent, event.workflowEvent)
  );
}

/** Whether an event matches any topic of a subscription. */
export function matchesSubscription(subscription: EventSubscription, event: PlatformEvent): boolean {
  return subscription.topics.some((topic) => matchesTopic(topic, event));
}
