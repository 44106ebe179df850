import { describe, expect, it } from 'vitest';
import { lookup, renderTemplate } from './template.js';

const context = {
  resource: {
    entryTitle: 'Say "hi"\nthen go',
    sys: { id: 'e1', allUris: ['/a', '/b'], version: { versionNo: '1.0' } },
    count: 3,
  },
  event: { event: 'published' },
};

describe('event templates', () => {
  it('escapes values inside JSON strings and writes JSON values elsewhere', () => {
    const rendered = renderTemplate(
      '{"title":"{{resource.entryTitle}}","id":"{{ resource.sys.id }}","n":{{resource.count}},"uris":{{resource.sys.allUris}},"sys":"{{resource.sys.version}}","gone":{{resource.nope}},"blank":"{{resource.nope}}"}',
      context,
    );
    expect(JSON.parse(rendered)).toEqual({
      title: 'Say "hi"\nthen go',
      id: 'e1',
      n: 3,
      uris: ['/a', '/b'],
      sys: '{"versionNo":"1.0"}',
      gone: null,
      blank: '',
    });
  });

  it('tracks string literals across escaped quotes', () => {
    const rendered = renderTemplate('{"a":"x\\"{{event.event}}","b":{{event.event}}}', context);
    expect(JSON.parse(rendered)).toEqual({ a: 'x"published', b: 'published' });
  });

  it('renders plain-text templates as text', () => {
    expect(renderTemplate('{{event.event}}: {{resource.sys.allUris[1]}} {{resource.sys}}', context)).toBe(
      'published: /b {"id":"e1","allUris":["/a","/b"],"version":{"versionNo":"1.0"}}',
    );
    expect(renderTemplate('{{ not a placeholder }} {{event.missing}}!', context)).toBe(
      '{{ not a placeholder }} !',
    );
  });

  it('reads own properties only', () => {
    expect(lookup(context, 'resource.sys.allUris.0')).toBe('/a');
    expect(lookup(context, 'resource.constructor')).toBeUndefined();
    expect(lookup(context, 'event.event.length')).toBeUndefined();
  });
});
