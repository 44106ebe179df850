import { describe, expect, it } from 'vitest';
import { requestPolicy } from './request-policy.js';

const base = {
  query: null,
  configured: null,
  session: null,
  editorGroups: ['Editors'],
  previewConfigured: true,
  previewHost: false,
  anonymousPreview: true,
};
const editor = { user: { id: 'u1', groups: [{ id: 'g', name: 'Editors' }] } };
const member = { user: { id: 'u2', groups: [{ id: 'm', name: 'Members' }] } };

describe('requestPolicy', () => {
  it('shows published content on hosts that are not preview hosts, whatever the query says', () => {
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

  it('shows drafts on a configured preview host, unless asked for published', () => {
    expect(requestPolicy({ ...base, hostname: 'preview-acme.example.com', previewHost: true })).toEqual({
      canPreview: true,
      versionStatus: 'latest',
      showsInternals: true,
      environment: { kind: 'preview', alias: 'acme', isLive: false },
    });
    expect(
      requestPolicy({ ...base, hostname: 'localhost', previewHost: true, query: 'published' }).versionStatus,
    ).toBe('published');
  });

  it('goes by the configuration, not by how a host is named', () => {
    // A name that looks like a preview host but is not configured as one reads what is published.
    const named = requestPolicy({ ...base, hostname: 'preview-x.example.com', query: 'latest' });
    expect(named).toMatchObject({ canPreview: false, versionStatus: 'published', showsInternals: false });
    const local = requestPolicy({ ...base, hostname: 'localhost', query: 'latest' });
    expect(local).toMatchObject({ canPreview: false, versionStatus: 'published', showsInternals: false });
  });

  it('without anonymous preview, drafts and internals on a preview host are for editors alone', () => {
    const closed = { ...base, hostname: 'preview.example.com', previewHost: true, anonymousPreview: false };
    expect(requestPolicy(closed)).toMatchObject({
      canPreview: false,
      versionStatus: 'published',
      showsInternals: false,
    });
    expect(requestPolicy({ ...closed, session: member })).toMatchObject({
      canPreview: false,
      versionStatus: 'published',
    });
    expect(requestPolicy({ ...closed, session: editor })).toMatchObject({
      canPreview: true,
      versionStatus: 'latest',
      showsInternals: true,
    });
  });

  it('gives editors no drafts outside the preview hosts, but shows them internals', () => {
    const policy = requestPolicy({ ...base, hostname: 'www.example.com', query: 'latest', session: editor });
    expect(policy).toMatchObject({ canPreview: false, versionStatus: 'published', showsInternals: true });
    expect(
      requestPolicy({
        ...base,
        hostname: 'preview.example.com',
        previewHost: true,
        anonymousPreview: false,
        session: editor,
        editorGroups: [],
      }).canPreview,
    ).toBe(false);
  });

  it('never previews without a preview token', () => {
    expect(
      requestPolicy({ ...base, hostname: 'localhost', previewHost: true, previewConfigured: false }),
    ).toEqual({
      canPreview: false,
      versionStatus: 'published',
      showsInternals: true,
      environment: { kind: 'local', alias: null, isLive: false },
    });
  });
});
