import { ApiError, RequestError } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { classifyRouteError, INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from './route-errors.js';

const apiError = (status: number) =>
  new ApiError({ status, statusText: 'x', url: '/u', data: { message: 'm' } });

describe('classifyRouteError', () => {
  it('maps platform answers', () => {
    expect(classifyRouteError(apiError(404))).toEqual({ kind: 'notFound' });
    expect(classifyRouteError(apiError(401))).toEqual({ kind: 'access', status: 401 });
    expect(classifyRouteError(apiError(403))).toEqual({ kind: 'access', status: 403 });
    expect(classifyRouteError(apiError(500))).toEqual({
      kind: 'error',
      status: 500,
      message: 'Internal Server Error',
    });
    expect(classifyRouteError(apiError(502))).toMatchObject({ kind: 'error', status: 502 });
  });

  it('treats an unreachable platform as 503 and an abort as superseded', () => {
    expect(classifyRouteError(new RequestError('network', '/u'))).toEqual({
      kind: 'error',
      status: 503,
      message: UNAVAILABLE_MESSAGE,
    });
    expect(classifyRouteError(new RequestError('timeout', '/u'))).toMatchObject({ status: 503 });
    expect(classifyRouteError(new RequestError('aborted', '/u'))).toEqual({ kind: 'aborted' });
  });

  it('hides the message of other errors', () => {
    expect(classifyRouteError(new Error('secret detail at /srv/app.js:1'))).toEqual({
      kind: 'error',
      status: 500,
      message: INTERNAL_ERROR_MESSAGE,
    });
    expect(classifyRouteError('boom')).toMatchObject({ status: 500 });
  });
});
