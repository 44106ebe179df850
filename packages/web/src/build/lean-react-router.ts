import type { Plugin } from 'vite';

/** React Router's published files (`dist/development` and `dist/production`). */
const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^?]*\.m?js(?:\?|$)/;

/** `Link.displayName = "Link";` on a line of its own, at the top level of a module. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = (?:"[^"\n]*"|'[^'\n]*');$/gm;

/** `var Form = React10.forwardRef(` (also `createContext` and `memo`) at the top level. */
const COMPONENT_FACTORY = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;

/**
 * `var validRequestMethods = new Set(…)` and `var objectProtoNames =
 * Object.getOwnPropertyNames(Object.prototype)…` at the top level: tables of the data router
 * and of its serialisation, built by calls a bundler must keep unless told they are pure.
 */
const TABLE_FACTORY =
  /^(var [A-Za-z_$][\w$]* = )((?:new (?:Set|Map|WeakMap)|Object\.getOwnPropertyNames)\()/gm;

/**
 * `RenderErrorBoundary.contextType = RSCRouterContext;`: a static member given by an assignment
 * at the top level, which keeps the class (the data router's error boundary and its server
 * components redirect handling) in every bundle; the class declares it itself instead.
 */
const CONTEXT_TYPE = /^([A-Za-z_$][\w$]*)\.contextType = ([A-Za-z_$][\w$]*);$/gm;

const PURE = '/* @__PURE__ */ ';

/**
 * The head of `<PrefetchPageLinks>`, which `<Link prefetch>` renders: framework mode only (it
 * reads the data router and framework contexts, and throws without them), and the only user
 * of route ranking (`matchRoutes`) in the code a page hydrates with.
 */
const PREFETCH_PAGE_LINKS = /^function PrefetchPageLinks\(\{ page, \.\.\.linkProps \}\) \{$/m;

/**
 * The head of `usePrefetchBehavior`, `<Link>`'s prefetch state: without the framework mode's
 * context it always answers "no prefetch, no handlers", after two states and two effects that
 * only matter with it. Group 1 is the first line of its body, group 2 React's namespace there.
 */
const USE_PREFETCH_BEHAVIOR =
  /^function usePrefetchBehavior\(prefetch, theirElementProps\) \{\n( {2}let frameworkContext = (React\d*)\.useContext\(FrameworkContext\);)$/m;

/**
 * `useNavigate`'s choice between the data router's navigate and the plain router's: a site's
 * router is a plain one (`BrowserRouter`, `MemoryRouter`; the framework renders no data router),
 * so the data router's branch, with its context lookups and messages, is never taken.
 */
const USE_NAVIGATE_CHOICE = /^ {2}return isDataRoute \? useNavigateStable\(\) : useNavigateUnstable\(\);$/m;

/**
 * React Router's module code with what keeps unused parts of it in a bundle taken out: its
 * components and contexts are made at the top level by `forwardRef`, `createContext` and
 * `memo` calls that carry no pure annotation, and get a `displayName` (a name for React's
 * developer tools) by an assignment at the top level. For a bundler both are side effects, so
 * every component is kept whether the site uses it or not (`<Form>` with its submission code,
 * `<ScrollRestoration>`, the data-router contexts…). With the calls marked pure and the names
 * left out, tree shaking drops what the site does not use. `null` when there is nothing to do.
 *
 * Blanked lines keep their length, so only the few annotated lines shift their columns (the
 * transform returns no source map; the bundle's map is off by the annotation's width there).
 *
 * @example
 * leanReactRouterCode('var Link = React10.forwardRef(\n…\nLink.displayName = "Link";')
 * // 'var Link = /* @__PURE__ *\/ React10.forwardRef(\n…\n                          '
 */
export function leanReactRouterCode(code: string): string | null {
  const out = staticContextTypes(code)
    .replace(DISPLAY_NAME, (line) => ' '.repeat(line.length))
    .replace(COMPONENT_FACTORY, `$1${PURE}$2`)
    .replace(TABLE_FACTORY, `$1${PURE}$2`)
    .replace(USE_NAVIGATE_CHOICE, '  return useNavigateUnstable();')
    // Its answer without the framework's context (keeping the ref `<Link>` merges with its own),
    // on the function's first line; the old body stays as an unused function.
    .replace(
      USE_PREFETCH_BEHAVIOR,
      'function usePrefetchBehavior() { return [false, $2.useRef(null), {}]; } function UnusedPrefetchBehavior(prefetch, theirElementProps) {\n$1',
    )
    // On one line, so the lines after it keep their numbers: the component renders nothing
    // (a router in library mode has no pages to prefetch), its body stays as an unused function.
    .replace(
      PREFETCH_PAGE_LINKS,
      'function PrefetchPageLinks() { return null; } function UnusedPrefetchPageLinks({ page, ...linkProps }) {',
    );
  return out === code ? null : out;
}

/**
 * Moves each top-level `X.contextType = Context;` into the class `X` as a static field, on the
 * line that opens the class, and blanks the assignment (lines keep their numbers). Left alone
 * when no `var X = class … {` line precedes it.
 */
function staticContextTypes(code: string): string {
  let out = code;
  for (const [assignment, name = '', context = ''] of code.matchAll(CONTEXT_TYPE)) {
    const opening = new RegExp(`^var ${name.replace(/\$/g, '\\$')} = class extends [\\w$.]+ \\{$`, 'm');
    const line = opening.exec(out);
    if (!line || line.index > out.indexOf(assignment)) continue;
    out = `${out.slice(0, line.index)}${line[0]} static contextType = ${context};${out.slice(line.index + line[0].length)}`;
    out = out.replace(assignment, ' '.repeat(assignment.length));
  }
  return out;
}

/**
 * A build plugin applying {@link leanReactRouterCode} to React Router's files in the client
 * bundle (about 12 kB of unused router code, 4 kB gzip, less in the first-load script of every page).
 */
export function leanReactRouter(): Plugin {
  return {
    name: 'canopy:lean-react-router',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_DIST.test(id)) return null;
      const out = leanReactRouterCode(code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
