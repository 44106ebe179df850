import { describe, expect, it } from 'vitest';
import { DELIVERY_PROXY_LIMITS, deliveryRequestProblem } from './delivery-proxy-rules.js';

const P = '/api/delivery/projects/website';

describe('deliveryRequestProblem', () => {
  it.each([
    // What the framework's delivery client sends (the client's query encoding).
    `${P}/entries?fieldLinkDepths=%7B%22linkField%22%3A1%7D&fields=title&language=en-GB&linkDepth=1&order=title&pageIndex=5&pageSize=100`,
    `${P}/entries/search?orderBy=%22-releaseDate%22&pageIndex=0&pageSize=20&where=%5B%5D`,
    `${P}/entries?linkDepth=2&pageIndex=0&pageSize=20&zenql=sys.contentTypeId%20%3D%20plant`,
    `${P}/nodes/root?depth=2&entryFieldLinkDepths=%7B%22a%22%3A1%7D&entryFields=title&entryLinkDepth=1&language=de`,
    `${P}/nodes/?canonicalOnly=true&depth=1&entryFields=title&entryId=9db1&entryLinkDepth=1&language=de`,
    `${P}/nodes?path=%2Fcourses&allowPartialMatch=true&versionStatus=latest`,
    `${P}/nodes/x/ancestors?startLevel=1`,
    `${P}/nodes/x/siblings?includeInMenu=true`,
    `${P}/taxonomy/nodes?path=0%2F1&childDepth=2&order=defined`,
    `${P}/entries?pageSize=${DELIVERY_PROXY_LIMITS.pageSize}&linkDepth=${DELIVERY_PROXY_LIMITS.linkDepth}`,
    `${P}/entries`,
  ])('passes what the site sends: %s', (path) => {
    expect(deliveryRequestProblem('GET', path)).toBeNull();
  });

  it.each([
    [`${P}/entries?pageSize=10000&linkDepth=10`, /pageSize must be a whole number from 0 to 500/],
    [`${P}/entries?PAGESIZE=10000`, /PAGESIZE must be/],
    [`${P}/entries?linkDepth=4`, /linkDepth must be a whole number from 0 to 3/],
    [`${P}/nodes/root?entryLinkDepth=10`, /entryLinkDepth/],
    [`${P}/nodes/root?depth=11`, /depth/],
    [`${P}/entries?pageIndex=-1`, /pageIndex/],
    [`${P}/entries?pageSize=1e3`, /pageSize/],
    [`${P}/entries?fieldLinkDepths=%7B%22a%22%3A9%7D`, /fieldLinkDepths must be a JSON object/],
    [`${P}/entries?fieldLinkDepths=nope`, /fieldLinkDepths/],
    [`${P}/entries?cacheBuster=1`, /'cacheBuster' is not accepted/],
    [`${P}/entries?pageSize=10&pageSize=10000`, /more than once/],
    [`${P}/entries?versionStatus=draft`, /versionStatus must be one of/],
    [`${P}/entries?where=${'x'.repeat(8001)}`, /where must be at most 8000/],
  ])('refuses %s', (path, message) => {
    expect(deliveryRequestProblem('GET', path)).toMatch(message);
  });

  it('checks a search sent as POST: its fields, and the same caps', () => {
    const search = `${P}/entries/search?linkDepth=1`;
    const body = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(
      deliveryRequestProblem('POST', search, body({ pageIndex: 0, pageSize: 25, where: [] })),
    ).toBeNull();
    expect(deliveryRequestProblem('POST', search, body({ pageSize: 10_000, where: [] }))).toMatch(/pageSize/);
    expect(deliveryRequestProblem('POST', search, body({ linkDepth: 10 }))).toMatch(/linkDepth/);
    expect(deliveryRequestProblem('POST', search, body({ where: [], extra: 1 }))).toMatch(/'extra'/);
    expect(deliveryRequestProblem('POST', search, Buffer.from('[1]'))).toMatch(/JSON object/);
    expect(deliveryRequestProblem('POST', search, Buffer.from('{'))).toMatch(/JSON object/);
  });

  it('keeps unprintable names out of its messages', () => {
    expect(deliveryRequestProblem('GET', `${P}/entries?%00%0A=1`)).toBe(
      "The query parameter '??' is not accepted here",
    );
  });
});
