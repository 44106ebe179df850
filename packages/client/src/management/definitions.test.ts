import { describe, expect, it } from 'vitest';
import type { ContentType } from '../delivery/models.js';
import { BEARER, P, summary, useManagementServer } from '../test-support/management-fixture.js';
import type { Component, Project } from './models.js';

const { server, client } = useManagementServer();

const project: Project = {
  id: 'website',
  name: 'Website',
  description: '',
  primaryLanguage: 'en-GB',
  supportedLanguages: ['en-GB'],
  deliverySysExclusions: [],
};

const contentType = {
  id: 'article',
  projectId: 'website',
  name: { 'en-GB': 'Article' },
  dataFormat: 'entry',
  defaultLanguage: 'en-GB',
  supportedLanguages: ['en-GB'],
  fields: [],
  version: { versionNo: '1.2' },
} as ContentType;

const component: Component = {
  id: 'address',
  name: { 'en-GB': 'Address' },
  fields: [],
  dataFormat: 'component',
  version: { versionNo: '0.3' },
};

describe('management requests carry the common headers (contract §4.1)', () => {
  it('sends the bearer token, JSON Accept and Content-Type on every method, plus default headers', async () => {
    const c = client({ defaultHeaders: { 'x-site': 'demo', Accept: 'text/plain' } });
    await c.projects.list();
    await c.projects.delete('old');
    for (const request of server().requests) {
      expect(request.headers).toMatchObject({
        authorization: `Bearer ${BEARER}`,
        accept: 'application/json',
        'content-type': 'application/json',
        'x-site': 'demo',
      });
    }
  });
});

describe('projects', () => {
  it.each([
    [
      'list',
      (c: ReturnType<typeof client>) => c.projects.list(),
      { method: 'GET', path: '/api/management/projects' },
    ],
    [
      'get()',
      (c: ReturnType<typeof client>) => c.projects.get(),
      { method: 'GET', path: '/api/management/projects/website' },
    ],
    [
      'get(id)',
      (c: ReturnType<typeof client>) => c.projects.get('intranet'),
      { method: 'GET', path: '/api/management/projects/intranet' },
    ],
    [
      'create',
      (c: ReturnType<typeof client>) => c.projects.create(project),
      { method: 'POST', path: '/api/management/projects', body: project },
    ],
    [
      'update',
      (c: ReturnType<typeof client>) => c.projects.update(project),
      { method: 'PUT', path: '/api/management/projects/website', body: project },
    ],
    [
      'delete',
      (c: ReturnType<typeof client>) => c.projects.delete('old'),
      { method: 'DELETE', path: '/api/management/projects/old' },
    ],
  ])('%s', async (_name, call, expected) => {
    await call(client());
    expect(summary(server().last())).toEqual({ query: {}, body: undefined, ...expected });
  });
});

describe('content types', () => {
  it('lists, sending dataFormat and versionStatus only when published', async () => {
    await client().contentTypes.list();
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: `${P}/contenttypes`, query: {} });
    await client().contentTypes.list({ dataFormat: 'asset', versionStatus: 'published' });
    expect(server().last().rawQuery).toBe('dataFormat=asset&versionStatus=published');
    await client({ versionStatus: 'published' }).contentTypes.list({ versionStatus: 'latest' });
    expect(server().last().rawQuery).toBe('');
    await client({ versionStatus: 'published' }).contentTypes.list();
    expect(server().last().rawQuery).toBe('versionStatus=published');
  });

  it('gets one, optionally a version', async () => {
    await client().contentTypes.get('article');
    expect(summary(server().last())).toMatchObject({ path: `${P}/contenttypes/article`, query: {} });
    await client().contentTypes.get({ id: 'article', version: '1.0', versionStatus: 'published' });
    expect(server().last().query).toEqual({ version: '1.0', versionStatus: 'published' });
  });

  it('creates, updates, deletes and invokes a workflow', async () => {
    await client().contentTypes.create(contentType);
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/contenttypes`,
      query: {},
      body: contentType,
    });
    await client().contentTypes.update(contentType);
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${P}/contenttypes/article`,
      query: {},
      body: contentType,
    });
    await client().contentTypes.delete('article');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${P}/contenttypes/article` });
    await client().contentTypes.invokeWorkflow(contentType, 'publish');
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/contenttypes/article/workflow/events`,
      query: {},
      body: { language: 'en-GB', version: '1.2', event: 'publish', data: null },
    });
    await client().contentTypes.invokeWorkflow(contentType, 'publish', { note: 'go' });
    expect(summary(server().last()).body).toMatchObject({ data: { note: 'go' } });
  });
});

describe('components', () => {
  it('lists and gets, sending versionStatus only when published', async () => {
    await client().components.list();
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: `${P}/components`, query: {} });
    await client().components.list('published');
    expect(server().last().query).toEqual({ versionStatus: 'published' });
    await client().components.get({ id: 'address', version: '0.2' });
    expect(summary(server().last())).toMatchObject({
      path: `${P}/components/address`,
      query: { version: '0.2' },
    });
  });

  it('creates, updates, deletes and invokes a workflow without a language', async () => {
    await client().components.create(component);
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/components`,
      query: {},
      body: component,
    });
    await client().components.update(component);
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${P}/components/address`,
      query: {},
      body: component,
    });
    await client().components.delete('address');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${P}/components/address` });
    await client().components.invokeWorkflow(component, 'publish');
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/components/address/workflow/events`,
      query: {},
      body: { version: '0.3', event: 'publish', data: null },
    });
  });
});

describe('configuration', () => {
  it('defaults versionStatus to latest and pageSize to 25', () => {
    expect(client().config).toMatchObject({ versionStatus: 'latest', pageSize: 25, language: null });
  });

  it('percent-encodes path parameters so an id stays one segment', async () => {
    await client().contentTypes.get('../x?y');
    expect(server().last().rawPath).toBe(`${P}/contenttypes/..%2Fx%3Fy`);
  });

  it('rejects a non-2xx answer with an ApiError carrying the error body', async () => {
    const body = {
      logId: 'l',
      message: 'Authorization has been denied for this request.',
      data: null,
      type: 'error',
    };
    server().respond({ status: 401, body });
    await expect(client().projects.list()).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      data: body,
    });
  });

  it('applies response handlers', async () => {
    server().respond({ status: 404, body: {} });
    await expect(client({ responseHandler: { 404: () => null } }).projects.get('gone')).resolves.toBeNull();
  });
});
