/**
 * Event-stream data templates (contract §4.2 "Event stream"): mustache-like `{{path}}`
 * placeholders, e.g. `{"title":"{{resource.entryTitle}}","id":"{{resource.sys.id}}"}`.
 * Paths are dot-separated (`resource.sys.allUris.0` or `resource.sys.allUris[0]`) from the
 * names the context offers (`resource`, `event`). Own properties only; a missing value renders
 * as nothing inside a JSON string and as `null` elsewhere in JSON.
 *
 * Substituted values always leave a JSON template valid JSON: a template whose text starts
 * with `{` (not a placeholder's `{{`) or `[` is treated as JSON, and each value is written the way its position needs —
 * inside a string literal JSON-escaped (without quotes), elsewhere as a JSON value (strings
 * quoted, objects serialised). Any other template is plain text and gets values as text
 * (objects as JSON).
 */

const PLACEHOLDER = /^\{\{\s*([A-Za-z0-9_$]+(?:\.[A-Za-z0-9_$]+|\[\d+\])*)\s*\}\}/;

/**
 * Renders a template against a context.
 *
 * @example
 * renderTemplate('{"t":"{{resource.title}}","n":{{event.count}}}', { resource: { title: 'A "B"' }, event: { count: 2 } });
 * // '{"t":"A \\"B\\"","n":2}'
 */
export function renderTemplate(template: string, context: Readonly<Record<string, unknown>>): string {
  const json = /^\s*(\[|\{(?!\{))/.test(template);
  let output = '';
  let inString = false;
  let i = 0;
  while (i < template.length) {
    if (template.startsWith('{{', i)) {
      const match = PLACEHOLDER.exec(template.slice(i, i + 400));
      if (match) {
        const value = lookup(context, match[1]!);
        output += json ? (inString ? inJsonString(value) : asJsonValue(value)) : asText(value);
        i += match[0].length;
        continue;
      }
    }
    const char = template[i]!;
    if (json && char === '"' && !escaped(template, i)) inString = !inString;
    output += char;
    i++;
  }
  return output;
}

function escaped(text: string, index: number): boolean {
  let backslashes = 0;
  for (let j = index - 1; j >= 0 && text[j] === '\\'; j--) backslashes++;
  return backslashes % 2 === 1;
}

/** The value at a dotted path (`a.b[0].c`), own properties only. */
export function lookup(context: unknown, path: string): unknown {
  const segments = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let current: unknown = context;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function inJsonString(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return JSON.stringify(text).slice(1, -1);
}

function asJsonValue(value: unknown): string {
  return value === undefined ? 'null' : (JSON.stringify(value) ?? 'null');
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
