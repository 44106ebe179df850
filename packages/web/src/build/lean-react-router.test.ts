import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leanReactRouterCode } from './lean-react-router.js';

describe('leanReactRouterCode', () => {
  it('marks top-level component factories pure and blanks display names, keeping line lengths', () => {
    const code = [
      'var DataRouterContext = React.createContext(null);',
      'DataRouterContext.displayName = "DataRouter";',
      'var Form = React10.forwardRef(',
      '  function Form2(props, ref) { return null; }',
      ');',
      "Form.displayName = 'Form';",
      'var Memo = React3.memo(Inner);',
    ].join('\n');
    const out = leanReactRouterCode(code) as string;
    const lines = out.split('\n');
    expect(lines[0]).toBe('var DataRouterContext = /* @__PURE__ */ React.createContext(null);');
    expect(lines[1]).toBe(' '.repeat('DataRouterContext.displayName = "DataRouter";'.length));
    expect(lines[2]).toBe('var Form = /* @__PURE__ */ React10.forwardRef(');
    expect(lines[3]).toBe('  function Form2(props, ref) { return null; }');
    expect(lines[5]?.trim()).toBe('');
    expect(lines[6]).toBe('var Memo = /* @__PURE__ */ React3.memo(Inner);');
  });

  it('leaves code that only looks alike alone', () => {
    const code = [
      '  var Nested = React.forwardRef(render);',
      'var Element = React.createElement("div");',
      'Link.displayName = computeName();',
      'if (x) Link.displayName = "Link";',
    ].join('\n');
    expect(leanReactRouterCode(code)).toBeNull();
  });

  it('finds the unused components of the installed React Router', () => {
    const require = createRequire(import.meta.url);
    const dist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'development');
    const code = readdirSync(dist)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .find((text) => /^Form\.displayName = /m.test(text));
    if (code === undefined) throw new Error('No React Router module defines <Form>');
    const out = leanReactRouterCode(code) as string;
    expect(out).not.toBeNull();
    expect(out).toContain('var Form = /* @__PURE__ */ React');
    expect(out).not.toMatch(/^Form\.displayName = /m);
    // <Link prefetch> renders nothing: route ranking is not needed by what a page hydrates with.
    expect(out).toContain('function PrefetchPageLinks() { return null; }');
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
  });

  it('makes <PrefetchPageLinks> render nothing, on the same line', () => {
    const code = [
      'function PrefetchPageLinks({ page, ...linkProps }) {',
      '  let { router } = useDataRouterContext2();',
      '  return matchRoutes(router.routes, page);',
      '}',
    ].join('\n');
    const out = (leanReactRouterCode(code) as string).split('\n');
    expect(out[0]).toBe(
      'function PrefetchPageLinks() { return null; } function UnusedPrefetchPageLinks({ page, ...linkProps }) {',
    );
    expect(out.slice(1)).toEqual(code.split('\n').slice(1));
  });

  it('marks top-level tables pure and moves a top-level contextType into its class, keeping lines', () => {
    const code = [
      'var validRequestMethods = new Set(validRequestMethodsArr);',
      'var objectProtoNames = Object.getOwnPropertyNames(Object.prototype).sort().join("\\0");',
      'var Boundary = class extends React2.Component {',
      '  render() { return null; }',
      '};',
      'Boundary.contextType = RSCRouterContext;',
      'var kept = /* @__PURE__ */ new Set([1]);',
    ].join('\n');
    const lines = (leanReactRouterCode(code) as string).split('\n');
    expect(lines[0]).toBe('var validRequestMethods = /* @__PURE__ */ new Set(validRequestMethodsArr);');
    expect(lines[1]).toMatch(/^var objectProtoNames = \/\* @__PURE__ \*\/ Object\.getOwnPropertyNames\(/);
    expect(lines[2]).toBe(
      'var Boundary = class extends React2.Component { static contextType = RSCRouterContext;',
    );
    expect(lines[3]).toBe('  render() { return null; }');
    expect(lines[5]?.trim()).toBe('');
    expect(lines[6]).toBe('var kept = /* @__PURE__ */ new Set([1]);');
    expect(lines).toHaveLength(7);
  });

  it('leaves a contextType alone when its class is not declared before it', () => {
    const code = ['Boundary.contextType = Context;', 'var Boundary = class extends Component {', '};'].join(
      '\n',
    );
    expect(leanReactRouterCode(code)).toBeNull();
  });

  it("moves the contextType of the installed React Router's error boundary into its class", () => {
    const require = createRequire(import.meta.url);
    const dist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'development');
    const code = readdirSync(dist)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .find((text) => /^RenderErrorBoundary\.contextType = /m.test(text));
    if (code === undefined) throw new Error('No React Router module gives RenderErrorBoundary a contextType');
    const out = leanReactRouterCode(code) as string;
    expect(out).not.toMatch(/^RenderErrorBoundary\.contextType = /m);
    expect(out).toMatch(/^var RenderErrorBoundary = class extends [\w.]+ \{ static contextType = \w+;$/m);
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
  });

  it("takes useNavigate's plain branch and answers Link's prefetch state without its states, keeping lines", () => {
    const code = [
      'function useNavigate() {',
      '  let { isDataRoute } = React2.useContext(RouteContext);',
      '  return isDataRoute ? useNavigateStable() : useNavigateUnstable();',
      '}',
      'function usePrefetchBehavior(prefetch, theirElementProps) {',
      '  let frameworkContext = React8.useContext(FrameworkContext);',
      '  let [maybePrefetch, setMaybePrefetch] = React8.useState(false);',
      '}',
    ].join('\n');
    const lines = (leanReactRouterCode(code) as string).split('\n');
    expect(lines[2]).toBe('  return useNavigateUnstable();');
    expect(lines[4]).toBe(
      'function usePrefetchBehavior() { return [false, React8.useRef(null), {}]; } function UnusedPrefetchBehavior(prefetch, theirElementProps) {',
    );
    expect(lines.slice(5)).toEqual(code.split('\n').slice(5));
    expect(lines).toHaveLength(8);
  });

  it("finds useNavigate's choice and Link's prefetch state in the installed React Router", () => {
    const require = createRequire(import.meta.url);
    const dist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'development');
    const code = readdirSync(dist)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .find((text) => /^function usePrefetchBehavior\(/m.test(text));
    if (code === undefined) throw new Error('No React Router module defines usePrefetchBehavior');
    const out = leanReactRouterCode(code) as string;
    expect(out).not.toContain('return isDataRoute ? useNavigateStable() : useNavigateUnstable();');
    expect(out).toMatch(
      /^function usePrefetchBehavior\(\) \{ return \[false, React\d*\.useRef\(null\), \{\}\]; \}/m,
    );
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
  });
});
