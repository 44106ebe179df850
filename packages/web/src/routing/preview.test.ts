import { describe, expect, it } from 'vitest';
import { parsePreviewPath } from './preview.js';

describe('parsePreviewPath', () => {
  it('reads the entry id and the language, en-GB by default', () => {
    expect(parsePreviewPath('/preview/abc-123')).toEqual({ entryId: 'abc-123', language: 'en-GB' });
    expect(parsePreviewPath('/preview/abc-123/cy')).toEqual({ entryId: 'abc-123', language: 'cy' });
  });

  it('ignores other paths', () => {
    expect(parsePreviewPath('/preview')).toBeNull();
    expect(parsePreviewPath('/previews/abc')).toBeNull();
    expect(parsePreviewPath('/preview/a/b/c')).toBeNull();
    expect(parsePreviewPath('/news/preview/abc')).toBeNull();
  });

  it('honours another base path and default language', () => {
    expect(parsePreviewPath('/cms-preview/x', '/cms-preview', 'cy')).toEqual({
      entryId: 'x',
      language: 'cy',
    });
  });
});
