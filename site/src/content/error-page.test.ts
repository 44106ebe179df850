import { notFoundHeading } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { errorHeading } from './error-page.js';

describe('errorHeading', () => {
  it('names each error in plain words', () => {
    expect(errorHeading(404)).toBe('Page not found');
    expect(errorHeading(400)).toBe('The address is not valid');
    expect(errorHeading(405)).toBe('This page cannot be used that way');
    expect(errorHeading(500)).toBe('Sorry, there is a problem with this page');
    expect(errorHeading(502)).toBe('Sorry, there is a problem with this page');
    expect(errorHeading(503)).toBe('Sorry, this page is not available right now');
  });

  it('treats a missing status and other client errors as a page not found', () => {
    expect(errorHeading(undefined)).toBe('Page not found');
    expect(errorHeading(null)).toBe('Page not found');
    expect(errorHeading(0)).toBe('Page not found');
    expect(errorHeading(410)).toBe('Page not found');
  });

  it('never shows visitors a status code or the framework heading', () => {
    for (const status of [400, 403, 404, 405, 410, 500, 502, 503, 504]) {
      expect(errorHeading(status)).not.toMatch(/\d/);
      expect(errorHeading(status)).not.toBe(notFoundHeading(status));
    }
  });
});
