import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageCatalogue } from './message-types.js';

/** What a message uses: its arguments by name with their kind, and its plural options. */
interface MessageShape {
  /** `count:plural`, `page:argument`, `date:date` … */
  arguments: Set<string>;
  /** Plural and selectordinal options other than exact values (`=0`) and `other`. */
  pluralCategories: Set<string>;
}

function shapeOf(elements: readonly MessageFormatElement[], shape: MessageShape): MessageShape {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        shape.arguments.add(`${element.value}:${TYPE[element.type]}`);
        break;
      case TYPE.select:
      case TYPE.plural:
        shape.arguments.add(`${element.value}:${TYPE[element.type]}`);
        for (const [option, { value }] of Object.entries(element.options)) {
          if (element.type === TYPE.plural && option !== 'other' && !option.startsWith('=')) {
            shape.pluralCategories.add(option);
          }
          shapeOf(value, shape);
        }
        break;
      case TYPE.tag:
        shape.arguments.add(`${element.value}:tag`);
        shapeOf(element.children, shape);
        break;
      default:
        break;
    }
  }
  return shape;
}

/**
 * What is wrong with a set of catalogues, one message per problem (empty when sound): a key of
 * the reference language missing from another language or a key only another language has, a
 * message that is not valid ICU MessageFormat (a plural without `other` included), arguments
 * that differ from the reference's (a value the translation would drop or ask for in vain), and
 * plural options that are not plural categories of the message's language (`two` in English
 * is never chosen).
 *
 * @example
 * catalogueProblems({ 'en-GB': enGB, cy }, 'en-GB'); // [] when every key is in every language
 */
export function catalogueProblems(
  catalogues: Readonly<Record<string, MessageCatalogue>>,
  referenceLanguage: string,
): string[] {
  const problems: string[] = [];
  const reference = catalogues[referenceLanguage];
  if (!reference) return [`no catalogue for the reference language ${referenceLanguage}`];
  const shapes = new Map<string, Map<string, MessageShape>>();
  for (const [language, messages] of Object.entries(catalogues)) {
    const categories = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
    const own = new Map<string, MessageShape>();
    for (const [key, message] of Object.entries(messages)) {
      try {
        const shape = shapeOf(parse(message, { requiresOtherClause: true }), {
          arguments: new Set(),
          pluralCategories: new Set(),
        });
        for (const category of shape.pluralCategories) {
          if (!categories.has(category as Intl.LDMLPluralRule))
            problems.push(`${language} ${key}: "${category}" is not a plural category of ${language}`);
        }
        own.set(key, shape);
      } catch (error) {
        problems.push(`${language} ${key}: not valid ICU MessageFormat (${(error as Error).message})`);
      }
    }
    shapes.set(language, own);
  }
  const referenceShapes = shapes.get(referenceLanguage)!;
  for (const [language, messages] of Object.entries(catalogues)) {
    if (language === referenceLanguage) continue;
    for (const key of Object.keys(reference)) {
      if (!Object.hasOwn(messages, key)) problems.push(`${language}: missing ${key}`);
    }
    for (const key of Object.keys(messages)) {
      if (!Object.hasOwn(reference, key)) {
        problems.push(`${language}: ${key} is not in ${referenceLanguage}`);
        continue;
      }
      const expected = referenceShapes.get(key);
      const actual = shapes.get(language)?.get(key);
      if (!expected || !actual) continue;
      const want = [...expected.arguments].sort().join(', ');
      const got = [...actual.arguments].sort().join(', ');
      if (want !== got)
        problems.push(
          `${language} ${key}: arguments ${got || 'none'}, ${referenceLanguage} has ${want || 'none'}`,
        );
    }
  }
  return problems;
}
