import { describe, expect, it } from 'vitest';
import { requestPolicy } from './request-policy.js';

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
    });
    expect(requestPolicy({ ...base, hostname: 'www.example.com', query: 'latest' }).versionStatus).toBe(
      'published',
    );
  });

  it('shows drafts on preview hosts and localhost, unless asked for published', () => {
    expect(requestPolicy({ ...base, hostname: 'preview-acme.example.com' })).toEqual({
      canPreview: true,
      versionStatus: 'latest',
    });
    expect(requestPolicy({ ...base, hostname: 'localhost', query: 'published' }).versionStatus).toBe(
      'published',
    );
  });

  it('lets editors preview anywhere when they ask', () => {
    const policy = requestPolicy({ ...base, hostname: 'www.example.com', query: 'latest', session: editor });
    expect(policy).toEqual({ canPreview: true, versionStatus: 'latest' });
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
    });
  });
});
