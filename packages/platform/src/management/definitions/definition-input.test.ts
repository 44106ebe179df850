import { describe, expect, it } from 'vitest';
import type { ProjectResource } from '../../contract.js';
import type { HttpError } from '../../delivery/errors.js';
import { type DefinitionLookups, definitionFromBody } from './definition-input.js';
import { componentReferences } from './field-input.js';

const project: ProjectResource = {
  id: 'site',
  name: 'Site',
  description: '',
  primaryLanguage: 'en-GB',
  supportedLanguages: ['en-GB', 'cy'],
  deliverySysExclusions: [],
};

const components: Record<string, string[]> = { address: [], card: ['address'] };
const lookups: DefinitionLookups = {
  componentExists: (id) => id in components,
  componentReferencesOf: (id) => components[id] ?? [],
  nodeExists: (id) => id === 'node-1',
};

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect((error as HttpError).status).toBe(422);
    return ((error as HttpError).data as { field: string }[]).map((problem) => problem.field);
  }
  throw new Error('expected a 422');
}

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
      problemsOf(() =>
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
      problemsOf(() =>
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
      problemsOf(() =>
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
