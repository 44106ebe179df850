import type { Entry as PlatformEntry } from '@canopy/client';
import type { ComponentType } from 'react';
import type { RequireLogin } from '../routing/access.js';
import type {
  ContentTypeMapping,
  EntryMapperContext,
  RouteComponentProps,
  RouteLoaderContext,
} from '../site/site-definition.js';

/**
 * The props of a page component for entries of one content type: {@link RouteComponentProps}
 * with the entry typed (e.g. `EntryPageProps<CourseEntry>` from generated types).
 *
 * @example
 * export function CoursePage({ entry }: EntryPageProps<CourseEntry>) {
 *   return <h1>{entry?.title}</h1>;
 * }
 */
export interface EntryPageProps<TEntry extends PlatformEntry, TMapped = TEntry>
  extends Omit<RouteComponentProps<TMapped>, 'entry'> {
  /** The entry of the page (null only while nothing is loaded). */
  entry: TEntry | null;
}

/**
 * A content type mapping whose component, mapper, loader and access rule see the entry as
 * the content type's generated type rather than an untyped entry.
 */
export interface TypedContentTypeMapping<TId extends string, TEntry extends PlatformEntry, TMapped>
  extends Omit<
    ContentTypeMapping<TMapped>,
    'contentTypeId' | 'component' | 'entryMapper' | 'loader' | 'requireLogin'
  > {
  contentTypeId: TId;
  component: ComponentType<EntryPageProps<TEntry, TMapped>>;
  entryMapper?: (entry: TEntry, context: EntryMapperContext) => TMapped | Promise<TMapped>;
  loader?: (context: RouteLoaderContext & { entry: TEntry }) => void | Promise<void>;
  requireLogin?: RequireLogin | ((entry: TEntry) => RequireLogin | null | undefined);
}

/**
 * Makes the typed mapping helper of a content model: given the model's map of content type
 * ids to entry types, it returns a function that checks a mapping's component (and mapper,
 * loader, access rule) against the entry type of its `contentTypeId`. Generated types export
 * one as `mapContentType`; at run time it returns the mapping as it is, since the framework
 * only ever gives a mapping entries of its own content type.
 *
 * @example
 * const mapContentType = contentTypeMapper<{ course: CourseEntry }>();
 * const mapping = mapContentType({ contentTypeId: 'course', component: CoursePage });
 */
export function contentTypeMapper<TMap extends { [K in keyof TMap]: PlatformEntry }>() {
  return function mapContentType<TId extends keyof TMap & string, TMapped = TMap[TId]>(
    mapping: TypedContentTypeMapping<TId, TMap[TId], TMapped>,
  ): ContentTypeMapping<TMapped> {
    // The framework picks the mapping by the entry's content type id, so the entry its
    // functions receive is of TMap[TId]; the generated field types describe what the
    // platform's validation lets an entry of that type hold.
    return mapping as unknown as ContentTypeMapping<TMapped>;
  };
}
