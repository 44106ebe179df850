import { ApiError, RequestError } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { PageOutages, platformFailureStatus } from './page-outages.js';

const apiError = (status: number) => Object.assign(new Error('x'), { name: 'ApiError', status });

describe('platformFailureStatus', () => {
  it('counts an unreachable or silent platform as 503 and its own 5xx as they are', () => {
    expect(platformFailureStatus(new RequestError('network', '/x'))).toBe(503);
    expect(platformFailureStatus(new RequestError('timeout', '/x'))).toBe(503);
    expect(platformFailureStatus(apiError(500))).toBe(500);
    expect(platformFailureStatus(apiError(502))).toBe(502);
  });

  it('does not count a refused query, an abort or the site’s own errors', () => {
    expect(platformFailureStatus(apiError(400))).toBeNull();
    expect(platformFailureStatus(apiError(404))).toBeNull();
    expect(platformFailureStatus(new RequestError('aborted', '/x'))).toBeNull();
    expect(platformFailureStatus(Object.assign(new Error('Aborted'), { name: 'AbortError' }))).toBeNull();
    expect(platformFailureStatus(new Error('No payload returned by search'))).toBeNull();
    expect(platformFailureStatus(null)).toBeNull();
    expect(platformFailureStatus('down')).toBeNull();
  });

  it('recognises the client’s own classes too', () => {
    const error = new ApiError({ status: 503, statusText: 'Service Unavailable', url: '/x', data: null });
    expect(platformFailureStatus(error)).toBe(503);
  });
});

describe('PageOutages', () => {
  it('has no status until a platform failure is reported', () => {
    const outages = new PageOutages();
    expect(outages.report('search facets/courses', apiError(400))).toBe(false);
    expect(outages.status).toBeNull();
    expect(outages.entries()).toEqual([]);
  });

  it('says 503 when any part found the platform unreachable, else the first 5xx', () => {
    const outages = new PageOutages();
    expect(outages.report('search counts', apiError(502))).toBe(true);
    outages.report('minilist latestNews', apiError(500));
    expect(outages.status).toBe(502);
    outages.report('search listings/news', new RequestError('network', '/x'));
    expect(outages.status).toBe(503);
    expect(outages.entries().map((outage) => outage.part)).toEqual([
      'search counts',
      'minilist latestNews',
      'search listings/news',
    ]);
  });
});
