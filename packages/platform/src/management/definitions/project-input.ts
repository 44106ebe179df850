import type { ProjectResource } from '../../contract.js';
import { PROTECTED_SYS_PATHS } from '../../delivery/sys-exclusions.js';
import { isLanguageCode, type JsonRecord, readLanguageList, readString } from './input.js';
import {
  LANGUAGE_PATTERN,
  MAX_ID_LENGTH,
  MAX_LIST_ITEMS,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  PROJECT_ID_PATTERN,
} from './limits.js';
import { Problems } from './problems.js';

const SYS_PATH_PATTERN = /^sys(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/**
 * The project a create request describes (contract §4.2 projects.create, §4.5): `id`, `name`
 * and `primaryLanguage` are required; the primary language is put first among the supported
 * languages, added when missing. Throws a 422 listing every problem.
 *
 * @example
 * projectFromCreateBody({ id: 'intranet', name: 'Intranet', primaryLanguage: 'en-GB' });
 * // { id: 'intranet', …, supportedLanguages: ['en-GB'], deliverySysExclusions: [] }
 */
export function projectFromCreateBody(body: JsonRecord): ProjectResource {
  const problems = new Problems();
  const id = readString(body.id, 'id', problems, {
    required: true,
    max: MAX_ID_LENGTH,
    pattern: {
      test: PROJECT_ID_PATTERN,
      message: 'The id may only contain letters, digits, "-" and "_", and must start with a letter or digit',
    },
  });
  const project = readProjectFields(body, problems, undefined);
  problems.throwIfAny('There are validation errors creating the project');
  return { ...project!, id: id! };
}

/**
 * The project an update request describes: `current` with the body's values applied (absent
 * keys keep their value). The id is immutable: a body naming another id is a 422.
 */
export function projectFromUpdateBody(body: JsonRecord, current: ProjectResource): ProjectResource {
  const problems = new Problems();
  if (body.id !== undefined && body.id !== null && body.id !== current.id) {
    problems.add('id', `The project id cannot be changed (this project is '${current.id}')`);
  }
  const project = readProjectFields(body, problems, current);
  problems.throwIfAny('There are validation errors updating the project');
  return { ...project!, id: current.id };
}

function readProjectFields(
  body: JsonRecord,
  problems: Problems,
  current: ProjectResource | undefined,
): Omit<ProjectResource, 'id'> | undefined {
  const creating = current === undefined;
  // On update an absent key keeps its value, but a name or language sent empty is an error.
  const name = readString(body.name, 'name', problems, {
    required: creating || body.name !== undefined,
    max: MAX_NAME_LENGTH,
  });
  const description = readString(body.description, 'description', problems, {
    max: MAX_TEXT_LENGTH,
    nullable: true,
  });
  const primaryLanguage = readString(body.primaryLanguage, 'primaryLanguage', problems, {
    required: creating || body.primaryLanguage !== undefined,
    max: 35,
    pattern: { test: LANGUAGE_PATTERN, message: 'The primaryLanguage must be a language code such as en-GB' },
  });
  const supported = readLanguageList(body.supportedLanguages, 'supportedLanguages', problems);
  const exclusions = readExclusions(body.deliverySysExclusions, problems);
  const color = readString(body.color, 'color', problems, { max: 64, nullable: true });
  if (!problems.ok) return undefined;

  const primary = primaryLanguage ?? current!.primaryLanguage;
  const languages = supported ?? current?.supportedLanguages ?? [];
  const project: Omit<ProjectResource, 'id'> = {
    name: name ?? current!.name,
    description: description ?? (body.description === undefined ? (current?.description ?? '') : ''),
    primaryLanguage: primary,
    // Primary first, as seeded projects have it, so "the first language" is the primary one.
    supportedLanguages: [primary, ...languages.filter((language) => language !== primary)].filter(
      isLanguageCode,
    ),
    deliverySysExclusions: exclusions ?? current?.deliverySysExclusions ?? [],
  };
  const keptColor = body.color === undefined ? current?.color : color;
  if (keptColor !== undefined) project.color = keptColor;
  return project;
}

function readExclusions(value: unknown, problems: Problems): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > MAX_LIST_ITEMS) {
    problems.add(
      'deliverySysExclusions',
      `The deliverySysExclusions must be a list of at most ${MAX_LIST_ITEMS} sys paths`,
    );
    return undefined;
  }
  const paths: string[] = [];
  for (const [i, path] of value.entries()) {
    const field = `deliverySysExclusions[${i}]`;
    if (typeof path !== 'string' || path.length > MAX_NAME_LENGTH || !SYS_PATH_PATTERN.test(path)) {
      problems.add(field, `'${String(path).slice(0, 64)}' is not a sys path such as sys.owner`);
    } else if (PROTECTED_SYS_PATHS.has(path)) {
      problems.add(field, `${path} cannot be excluded from delivery`);
    } else if (!paths.includes(path)) {
      paths.push(path);
    }
  }
  return paths;
}
