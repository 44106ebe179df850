import { describe, expect, it } from 'vitest';
import {
  APPROVAL_WORKFLOW,
  allowedEvents,
  BASIC_WORKFLOW,
  resolveTransition,
  WorkflowError,
  type WorkflowPosition,
  workflowIdOf,
} from './workflow.js';

const basic = (state: string, hasPublished = false, latestIsPublished = false): WorkflowPosition => ({
  workflowId: BASIC_WORKFLOW,
  state,
  hasPublished,
  latestIsPublished,
});

describe('the basic workflow', () => {
  it('offers publish on drafts and sysUnpublish while something is published', () => {
    expect(allowedEvents(basic('draft'))).toEqual(['publish']);
    expect(allowedEvents(basic('draft', true))).toEqual(['publish', 'sysUnpublish']);
    expect(allowedEvents(basic('versionComplete', true, true))).toEqual(['sysUnpublish']);
  });

  it('accepts bare, state-qualified and wildcard event names', () => {
    expect(resolveTransition(basic('draft'), 'publish')).toMatchObject({
      event: 'publish',
      to: 'versionComplete',
      effect: 'publish',
    });
    expect(resolveTransition(basic('draft'), 'Draft.Publish').effect).toBe('publish');
    expect(resolveTransition(basic('versionComplete', true, true), '*.sysUnpublish')).toMatchObject({
      effect: 'unpublish',
      to: 'draft',
    });
    expect(resolveTransition(basic('draft', true), 'draft.sysUnpublish').effect).toBe('unpublish');
  });

  it('refuses what the state does not allow, listing what it does', () => {
    const attempts: [WorkflowPosition, string][] = [
      [basic('draft'), 'sysUnpublish'],
      [basic('draft'), 'draft.submit'],
      [basic('draft'), 'versionComplete.publish'],
      [basic('versionComplete', true, true), 'publish'],
      [basic('draft'), 'explode'],
    ];
    for (const [position, event] of attempts) {
      expect(() => resolveTransition(position, event)).toThrow(WorkflowError);
    }
    try {
      resolveTransition(basic('versionComplete', true, true), 'publish');
    } catch (error) {
      expect((error as WorkflowError).allowed).toEqual(['sysUnpublish']);
    }
  });
});

describe('the approval workflow', () => {
  const approval = (state: string): WorkflowPosition => ({
    workflowId: APPROVAL_WORKFLOW,
    state,
    hasPublished: false,
    latestIsPublished: false,
  });

  it('goes draft → awaitingApproval → versionComplete, or back', () => {
    expect(allowedEvents(approval('draft'))).toEqual(['draft.submit']);
    expect(resolveTransition(approval('draft'), 'draft.submit')).toMatchObject({
      to: 'awaitingApproval',
      effect: 'state',
    });
    expect(allowedEvents(approval('awaitingApproval'))).toEqual([
      'awaitingApproval.approve',
      'awaitingApproval.decline',
      'awaitingApproval.revoke',
    ]);
    expect(resolveTransition(approval('awaitingApproval'), 'approve')).toMatchObject({
      to: 'versionComplete',
      effect: 'publish',
    });
    expect(resolveTransition(approval('declined'), 'submit').to).toBe('awaitingApproval');
    expect(() => resolveTransition(approval('draft'), 'publish')).toThrow(WorkflowError);
  });

  it('is chosen by the content type, falling back to the basic one', () => {
    expect(workflowIdOf({ workflowId: APPROVAL_WORKFLOW })).toBe(APPROVAL_WORKFLOW);
    expect(workflowIdOf({ workflowId: 'somethingElse' })).toBe(BASIC_WORKFLOW);
    expect(workflowIdOf(undefined)).toBe(BASIC_WORKFLOW);
  });
});
