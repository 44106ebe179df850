import { describe, expect, it } from 'vitest';
import { isInternalHost, requestPolicy } from './request-policy.js';

const base = {
  query: null,
  configured: null,
  session: null,
  editorGroups: ['Editors'],
  previewConfigured: true,
};
const editor = { user: { id: 'u1', groups: [{ id: 'g', name: 'Editors' }] } };

describe('requestPolicy', () => {
  it('shows published content on public hosts, whatever the query says', () => {
    expect(requestPolicy({ ...base, hostname: 'www.example.com' })).toEqual({
      canPreview: false,
      versionStatus: 'published',
      showsInternals: false,
      environment: { kind: 'live', alias: null, isLive: true },
    });
    expect(requestPolicy({ ...base, hostname: 'www.example.com', query: 'latest' }).versionStatus).toBe(
      'published',
    );
  });

  it('shows drafts on preview hosts and localhost, unless asked for published', () => {
    expect(requestPolicy({ ...base, hostname: 'preview-acme.example.com' })).toEqual({
      canPreview: true,
      versionStatus: 'latest',
      showsInternals: true,
      environment: { kind: 'preview', alias: 'acme', isLive: false },
    });
    expect(requestPolicy({ ...base, hostname: 'localhost', query: 'published' }).versionStatus).toBe(
      'published',
    );
  });

  it('lets editors preview anywhere when they ask', () => {
    const policy = requestPolicy({ ...base, hostname: 'www.example.com', query: 'latest', session: editor });
    expect(policy).toMatchObject({ canPreview: true, versionStatus: 'latest', showsInternals: true });
    expect(requestPolicy({ ...base, hostname: 'www.example.com', session: editor }).versionStatus).toBe(
      'published',
    );
    expect(
      requestPolicy({
        ...base,
        hostname: 'www.example.com',
        query: 'latest',
        session: editor,
        editorGroups: [],
      }).canPreview,
    ).toBe(false);
  });

  it('never previews without a preview token', () => {
    expect(requestPolicy({ ...base, hostname: 'localhost', previewConfigured: false })).toEqual({
      canPreview: false,
      versionStatus: 'published',
      showsInternals: true,
      environment: { kind: 'local', alias: null, isLive: false },
    });
  });
});

describe('isInternalHost', () => {
  it('knows the environment hosts from the live site', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      'preview.example.com',
      'preview-aberwen.example.com',
      'cms-aberwen.example.com',
      'api-aberwen.example.com',
      'CMS.example.com',
    ]) {
      expect(isInternalHost(host), host).toBe(true);
    }
    for (const host of [
      'www.example.com',
      'live-aberwen.example.com',
      'cmsx.example.com',
      'apiary.example.com',
      'www.cms-aberwen.example.com',
    ]) {
      expect(isInternalHost(host), host).toBe(false);
    }
  });

  it('shows internals to editors on any host', () => {
    expect(requestPolicy({ ...base, hostname: 'www.example.com', session: editor }).showsInternals).toBe(
      true,
    );
  });
});
