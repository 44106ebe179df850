import { describe, expect, it } from 'vitest';
import { notFoundHeading, routeStatusCode, statusText } from './not-found.js';

describe('notFoundHeading', () => {
  it('puts the status code, or 404, before Page Not Found', () => {
    expect(notFoundHeading()).toBe('404 Page Not Found');
    expect(notFoundHeading(null)).toBe('404 Page Not Found');
    expect(notFoundHeading(0)).toBe('404 Page Not Found');
    expect(notFoundHeading(404)).toBe('404 Page Not Found');
    expect(notFoundHeading(500)).toBe('500 Page Not Found');
    expect(notFoundHeading(503)).toBe('503 Page Not Found');
  });
});

describe('routeStatusCode', () => {
  it('is 404 for not found, the error code or 500 for errors, else 200', () => {
    expect(routeStatusCode({ notFound: false, isError: false })).toBe(200);
    expect(routeStatusCode({ notFound: true, isError: false })).toBe(404);
    expect(routeStatusCode({ notFound: false, isError: true })).toBe(500);
    expect(routeStatusCode({ notFound: false, isError: true, statusCode: 503 })).toBe(503);
    expect(routeStatusCode({ notFound: true, isError: true, statusCode: 502 })).toBe(502);
    expect(routeStatusCode({ notFound: false, isError: true, statusCode: 200 })).toBe(500);
  });
});

describe('statusText', () => {
  it('names common statuses', () => {
    expect(statusText(503)).toBe('Service Unavailable');
    expect(statusText(418)).toBe('Client Error');
    expect(statusText(599)).toBe('Server Error');
  });
});
