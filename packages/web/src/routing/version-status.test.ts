import { describe, expect, it } from 'vitest';
import {
  effectiveVersionStatus,
  isLocalHost,
  isPreviewHost,
  mayPreview,
  parseVersionStatus,
  resolveVersionStatus,
} from './version-status.js';

describe('resolveVersionStatus', () => {
  it('takes the query parameter first', () => {
    expect(resolveVersionStatus({ query: 'latest', hostname: 'www.example.com' })).toBe('latest');
    expect(resolveVersionStatus({ query: 'published', windowValue: 'latest', hostname: 'localhost' })).toBe(
      'published',
    );
    expect(resolveVersionStatus({ query: 'LATEST', hostname: 'www.example.com' })).toBe('latest');
  });

  it('then the window (configured) value', () => {
    expect(resolveVersionStatus({ windowValue: 'latest', hostname: 'www.example.com' })).toBe('latest');
    expect(resolveVersionStatus({ windowValue: 'published', hostname: 'localhost' })).toBe('published');
  });

  it('ignores values that are not a version status', () => {
    expect(resolveVersionStatus({ query: 'draft', windowValue: '', hostname: 'www.example.com' })).toBe(
      'published',
    );
  });

  it('then the host name: localhost and preview hosts give latest, others published', () => {
    expect(resolveVersionStatus({ hostname: 'localhost' })).toBe('latest');
    expect(resolveVersionStatus({ hostname: '127.0.0.1' })).toBe('latest');
    expect(resolveVersionStatus({ hostname: 'preview.example.com' })).toBe('latest');
    expect(resolveVersionStatus({ hostname: 'preview-aberwen.cloud.example.com' })).toBe('latest');
    expect(resolveVersionStatus({ hostname: 'live-aberwen.cloud.example.com' })).toBe('published');
    expect(resolveVersionStatus({ hostname: 'www.example.com' })).toBe('published');
    expect(resolveVersionStatus({ hostname: 'previewer.example.com' })).toBe('published');
  });
});

describe('host classification', () => {
  it('recognises local hosts', () => {
    expect(isLocalHost('LOCALHOST')).toBe(true);
    expect(isLocalHost('site.localhost')).toBe(true);
    expect(isLocalHost('127.0.0.5')).toBe(true);
    expect(isLocalHost('[::1]')).toBe(true);
    expect(isLocalHost('::1')).toBe(true);
    expect(isLocalHost('localhost.example.com')).toBe(false);
    expect(isLocalHost('10.0.0.1')).toBe(false);
  });

  it('recognises preview hosts by their first label', () => {
    expect(isPreviewHost('preview.example.com')).toBe(true);
    expect(isPreviewHost('preview-acme.example.com')).toBe(true);
    expect(isPreviewHost('www.preview.example.com')).toBe(false);
  });
});

describe('preview policy', () => {
  it('allows latest only where previewing is allowed and configured', () => {
    expect(mayPreview('www.example.com', false)).toBe(false);
    expect(mayPreview('www.example.com', true)).toBe(true);
    expect(mayPreview('localhost', false)).toBe(true);
    expect(effectiveVersionStatus('latest', { mayPreview: true, previewConfigured: true })).toBe('latest');
    expect(effectiveVersionStatus('latest', { mayPreview: false, previewConfigured: true })).toBe(
      'published',
    );
    expect(effectiveVersionStatus('latest', { mayPreview: true, previewConfigured: false })).toBe(
      'published',
    );
    expect(effectiveVersionStatus('published', { mayPreview: true, previewConfigured: true })).toBe(
      'published',
    );
  });

  it('parses version statuses', () => {
    expect(parseVersionStatus(' Published ')).toBe('published');
    expect(parseVersionStatus(undefined)).toBeNull();
  });
});
