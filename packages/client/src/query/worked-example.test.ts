import { describe, expect, it } from 'vitest';
import { Op } from './op.js';
import { OrderBy } from './order-by.js';
import { Query } from './query.js';
import { toSearchBody, toSearchParams } from './search-encoding.js';

// Contract §2.10, built with the public builders and compared with the documented wire forms.
function buildExample(): Query {
  const query = new Query(
    Op.equalTo('sys.versionStatus', 'published'),
    Op.equalTo('sys.contentTypeId', 'movie'),
    Op.or(Op.freeText('title', 'dark knight', true, 'or').weight(50), Op.contains('tagline', 'gotham')),
    Op.not(Op.in('genre', 'horror', 'romance')),
    Op.greaterThanOrEqualTo('releaseDate', '2008-07-18T10:45:30Z'),
  );
  query.orderBy = OrderBy.desc('releaseDate').asc('title');
  query.pageSize = 10;
  query.fields = ['entryTitle', 'releaseDate', 'director'];
  query.fieldLinkDepths = { director: 1 };
  query.aggregations = { genres: { field: 'genre', size: 10 } };
  return query;
}

const documentedBody = {
  pageIndex: 0,
  pageSize: 10,
  orderBy: [{ desc: 'releaseDate' }, { asc: 'title' }],
  where: [
    { field: 'sys.versionStatus', equalTo: 'published' },
    { field: 'sys.contentTypeId', equalTo: 'movie' },
    {
      or: [
        { field: 'title', freeText: { term: 'dark knight', fuzzy: true, operator: 'or' }, weight: 50 },
        { field: 'tagline', contains: 'gotham' },
      ],
    },
    { not: [{ field: 'genre', in: ['horror', 'romance'] }] },
    { field: 'releaseDate', greaterThanOrEqualTo: '2008-07-18T10:45:00.000Z' },
  ],
  fields: ['entryTitle', 'releaseDate', 'director'],
  aggregations: { genres: { field: 'genre', size: 10 } },
};

const documentedUrl =
  'https://cms-acme.cloud.contensis.com/api/delivery/projects/movieDb/entries/search?aggregations=%7B%22genres%22%3A%7B%22field%22%3A%22genre%22%2C%22size%22%3A10%7D%7D&fieldLinkDepths=%7B%22director%22%3A1%7D&fields=entryTitle%2CreleaseDate%2Cdirector&orderBy=%5B%7B%22desc%22%3A%22releaseDate%22%7D%2C%7B%22asc%22%3A%22title%22%7D%5D&pageIndex=0&pageSize=10&where=%5B%7B%22field%22%3A%22sys.versionStatus%22%2C%22equalTo%22%3A%22published%22%7D%2C%7B%22field%22%3A%22sys.contentTypeId%22%2C%22equalTo%22%3A%22movie%22%7D%2C%7B%22or%22%3A%5B%7B%22field%22%3A%22title%22%2C%22freeText%22%3A%7B%22term%22%3A%22dark%20knight%22%2C%22fuzzy%22%3Atrue%2C%22operator%22%3A%22or%22%7D%2C%22weight%22%3A50%7D%2C%7B%22field%22%3A%22tagline%22%2C%22contains%22%3A%22gotham%22%7D%5D%7D%2C%7B%22not%22%3A%5B%7B%22field%22%3A%22genre%22%2C%22in%22%3A%5B%22horror%22%2C%22romance%22%5D%7D%5D%7D%2C%7B%22field%22%3A%22releaseDate%22%2C%22greaterThanOrEqualTo%22%3A%222008-07-18T10%3A45%3A00.000Z%22%7D%5D';

describe('contract §2.10 worked example', () => {
  const options = { defaultPageSize: 25 };

  it('produces the documented POST body', () => {
    const body = toSearchBody(buildExample(), options);
    expect(body).toEqual(documentedBody);
    // Same key order as the documented JSON, not just the same content.
    expect(JSON.stringify(body)).toBe(JSON.stringify(documentedBody));
  });

  it('carries fieldLinkDepths in the POST query string instead of the body', () => {
    const params = toSearchParams(buildExample(), options);
    expect(`fieldLinkDepths=${encodeURIComponent(params.fieldLinkDepths ?? '')}`).toBe(
      'fieldLinkDepths=%7B%22director%22%3A1%7D',
    );
  });

  it('produces the documented encoded GET URL', () => {
    const params = toSearchParams(buildExample(), options);
    const queryString = Object.keys(params)
      .sort()
      .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(params[key] ?? '')}`)
      .join('&');
    const url = `https://cms-acme.cloud.contensis.com/api/delivery/projects/movieDb/entries/search?${queryString}`;
    expect(url).toBe(documentedUrl);
  });
});
