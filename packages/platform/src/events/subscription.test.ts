import { describe, expect, it } from 'vitest';
import type { PlatformEvent } from './bus.js';
import {
  matchesSubscription,
  matchesTopic,
  parseSubscription,
  type SubscriptionError,
} from './subscription.js';

const event: PlatformEvent = {
  projectId: 'website',
  resourceType: 'entry',
  event: 'published',
  resourceId: 'e1',
  contentTypeId: 'newsArticle',
  language: 'en-GB',
  workflowState: 'versionComplete',
  workflowEvent: 'publish',
  owner: 'editor',
  resource: {},
  actor: 'editor',
  timestamp: '2026-01-01T00:00:00.000Z',
};

describe('event subscriptions', () => {
  it('parses topics and templates, accepting single values for lists', () => {
    expect(
      parseSubscription({
        topics: [{ resourceType: 'entry', event: 'published', language: [], other: 1 }],
        templates: { Entry: '{}' },
      }),
    ).toEqual({ topics: [{ resourceType: 'entry', event: ['published'] }], templates: { entry: '{}' } });
  });

  it('refuses malformed (400) and empty or oversized (422) subscriptions', () => {
    const status = (body: unknown) => {
      try {
        parseSubscription(body);
        return 200;
      } catch (error) {
        return (error as SubscriptionError).status;
      }
    };
    expect(status(null)).toBe(400);
    expect(status([])).toBe(400);
    expect(status({})).toBe(422);
    expect(status({ topics: [] })).toBe(422);
    expect(status({ topics: {} })).toBe(400);
    expect(status({ topics: [1] })).toBe(400);
    expect(status({ topics: [{ id: 5 }] })).toBe(400);
    expect(status({ topics: [{ event: ['x'.repeat(201)] }] })).toBe(422);
    expect(status({ topics: Array.from({ length: 51 }, () => ({})) })).toBe(422);
    expect(status({ topics: [{}], templates: 'x' })).toBe(400);
  });

  it('matches every criterion of a topic, ignoring case', () => {
    expect(matchesTopic({}, event)).toBe(true);
    expect(
      matchesTopic(
        { resourceType: 'ENTRY', event: ['updated', 'published'], contentTypeId: ['newsarticle'] },
        event,
      ),
    ).toBe(true);
    expect(matchesTopic({ resourceType: 'asset' }, event)).toBe(false);
    expect(matchesTopic({ language: ['cy'] }, event)).toBe(false);
    expect(matchesTopic({ workflowState: ['draft'] }, event)).toBe(false);
    expect(matchesTopic({ workflowEvent: ['publish'], owner: 'Editor', id: 'E1' }, event)).toBe(true);
    expect(
      matchesSubscription({ topics: [{ event: ['deleted'] }, { id: 'e1' }], templates: {} }, event),
    ).toBe(true);
  });
});
