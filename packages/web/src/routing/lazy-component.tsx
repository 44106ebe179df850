import { type ComponentType, createContext, use, useContext } from 'react';
import { preloadModule } from 'react-dom';

/** A component whose code is loaded on first use; see {@link lazyComponent}. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Loads the code; resolves once the component renders without suspending. */
  preload(): Promise<unknown>;
  /** The module the code comes from (relative to the site root), when the build named it. */
  readonly moduleId: string | null;
};

/**
 * Which client chunks to preload for a lazily loaded module, by module id (the server's build
 * manifest tells); provided around a server render, absent in the browser.
 */
export const LazyModulesContext = createContext<Readonly<Record<string, readonly string[]>> | null>(null);

/**
 * Where a server render that hydrates after the first paint collects the chunks its page needs
 * (see `renderHtml`): they are fetched by the page's module loader once the page has painted,
 * instead of from `<link rel="modulepreload">` tags in the head, which would take bandwidth
 * from the styles and the largest picture. Absent in the browser and in streamed renders,
 * where chunks are preloaded from the head as before.
 */
export const DeferredModulesContext = createContext<Set<string> | null>(null);

/**
 * A route component whose code is loaded with its route instead of with every page, as a
 * static route's or content type mapping's `component`. The framework loads it together with
 * the route's data (on the server before the render, in the browser before the navigation
 * shows the page, and when a link to the route is prefetched), so it never shows a loading
 * state of its own; a server-rendered page asks the browser to preload its chunk
 * (`<link rel="modulepreload">`) and hydrates once it is there.
 *
 * The site build names the module of each `lazyComponent(() => import('…'))` it finds (the
 * second argument, added by the framework's Vite configuration); write the import inline.
 *
 * @example
 * { contentTypeId: 'course', component: lazyComponent(() => import('./components/CoursePage.js').then((m) => m.CoursePage)) }
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P> | { default: ComponentType<P> }>,
  moduleId: string | null = null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = 'default' in module ? module.default : module;
        return loaded;
      },
      (error: unknown) => {
        // Another try next time (a deploy replaced the chunk, the network dropped).
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  function LazyRoute(props: P) {
    const chunks = useContext(LazyModulesContext);
    const deferred = useContext(DeferredModulesContext);
    if (chunks && moduleId) {
      for (const href of chunks[moduleId] ?? []) {
        if (deferred) deferred.add(href);
        else preloadModule(href, { as: 'script' });
      }
    }
    // Loaded with the route, so this suspends only when that was skipped.
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(LazyRoute, { preload, moduleId });
}

/** Loads a route component's code if it is a {@link lazyComponent}; nothing otherwise. */
export function preloadComponent(component: unknown): Promise<unknown> | undefined {
  const preload = (component as { preload?: unknown } | null)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<unknown>)() : undefined;
}
