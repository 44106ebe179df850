import { describe, expect, it } from 'vitest';
import { BILINGUAL_PROJECT, problemFields } from '../../test-support/validation-problems.js';
import { type DefinitionLookups, definitionFromBody } from './definition-input.js';
import { componentReferences } from './field-input.js';

const project = BILINGUAL_PROJECT;

const components: Record<string, string[]> = { address: [], card: ['address'] };
const lookups: DefinitionLookups = {
  componentExists: (id) => id in components,
  componentReferencesOf: (id) => components[id] ?? [],
  nodeExists: (id) => id === 'node-1',
};

describe('content type bodies', () => {
  it('fills in the defaults of a content type', () => {
    const definition = definitionFromBody({
      kind: 'contentType',
      project,
      lookups,
      body: {
        id: 'faq',
        name: 'FAQ',
        fields: [{ id: 'question', name: 'Question', dataType: 'string', groupId: 'main' }],
      },
    });
    expect(definition).toEqual({
      id: 'faq',
      uuid: undefined,
      projectId: 'site',
      name: { 'en-GB': 'FAQ' },
      description: {},
      dataFormat: 'entry',
      enabled: true,
      defaultLanguage: 'en-GB',
      supportedLanguages: ['en-GB'],
      entryTitleField: 'question',
      entryDescriptionField: null,
      workflowId: 'contensisEntryBasic',
      previewUrl: null,
      defaultParentNodeId: null,
      groups: [{ id: 'main', name: { 'en-GB': 'Main' } }],
      fields: [
        {
          id: 'question',
          name: { 'en-GB': 'Question' },
          description: {},
          dataType: 'string',
          dataFormat: null,
          default: null,
          groupId: 'main',
          validations: {},
          editor: {},
        },
      ],
    });
  });

  it('names every problem', () => {
    expect(
      problemFields(() =>
        definitionFromBody({
          kind: 'contentType',
          project,
          lookups,
          body: {
            id: 'x-y',
            name: { fr: 'Non' },
            fields: [{ id: 'sys', name: 'S', dataType: 'text' }, 'field'],
          },
        }),
      ),
    ).toEqual(['id', 'name.fr', 'fields[0].id', 'fields[0].dataType', 'fields[1]']);
  });

  it('checks references to fields, nodes and components', () => {
    const field = { id: 'title', name: 'Title', dataType: 'string' };
    expect(
      problemFields(() =>
        definitionFromBody({
          kind: 'contentType',
          project,
          lookups,
          body: {
            id: 'page',
            name: 'Page',
            entryDescriptionField: 'summary',
            defaultParentNodeId: 'node-2',
            fields: [field, { ...field, id: 'box', dataType: 'object', dataFormat: 'component.box' }],
          },
        }),
      ),
    ).toEqual(['fields', 'entryDescriptionField', 'defaultParentNodeId']);
  });
});

describe('component bodies', () => {
  it('refuses a component that would contain itself', () => {
    const uses = (id: string) => ({
      id: 'part',
      name: 'Part',
      dataType: 'object',
      dataFormat: `component.${id}`,
    });
    const current = { id: 'address', dataFormat: 'component' };
    expect(
      problemFields(() =>
        definitionFromBody({
          kind: 'component',
          project,
          lookups,
          current,
          body: { name: 'A', fields: [uses('card')] },
        }),
      ),
    ).toEqual(['fields']);
    expect(
      definitionFromBody({
        kind: 'component',
        project,
        lookups,
        body: { id: 'wrapper', name: 'W', fields: [uses('card')] },
      }),
    ).toMatchObject({ dataFormat: 'component', groups: [] });
  });

  it('finds component references, nested ones too', () => {
    expect(
      componentReferences([
        { id: 'a', dataFormat: 'component.address' },
        { id: 'b', dataFormat: 'entry', fields: [{ id: 'c', dataFormat: 'component.card' }] },
        { id: 'd', dataFormat: 'component.' },
      ]),
    ).toEqual(['address', 'card']);
  });
});
