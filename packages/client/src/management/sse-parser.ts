/**
 * A parser for `text/event-stream` bodies, written to the WHATWG HTML "server-sent events"
 * parsing rules. An established SSE library would normally be the better choice, but
 * `@canopy/client` must stay free of runtime dependencies, and the format is small enough to
 * implement faithfully here.
 */

/** One dispatched event. */
export interface ServerSentEvent {
  /** The `event:` field, `message` when none was given. */
  type: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  /** The last `id:` seen on the stream so far (it persists across events), `''` when none. */
  lastEventId: string;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Incremental parser: feed it chunks as they arrive, split anywhere (even between `\r` and `\n`,
 * or inside a multi-byte character when fed bytes), and it calls `onEvent` for each complete
 * event. Lines end with CRLF, LF or CR; a leading byte-order mark is dropped; lines starting with
 * `:` are comments; an event is dispatched at a blank line when it has data; an unterminated
 * event at the end of the stream is discarded, as the standard requires.
 *
 * @example
 * const parser = new SseParser((event) => console.log(event.type, event.data));
 * parser.push('id: 1\ndata: {"a":');
 * parser.push('1}\n\n'); // logs: message {"a":1}
 */
export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private line = '';
  private afterCarriageReturn = false;
  private started = false;
  private data = '';
  private hasData = false;
  private eventType = '';
  private lastEventId = '';
  private reconnectionTime: number | null = null;

  constructor(private readonly onEvent: (event: ServerSentEvent) => void) {}

  /** The last valid `retry:` value in milliseconds, `null` when none was sent. */
  get retry(): number | null {
    return this.reconnectionTime;
  }

  /** Feeds raw bytes (UTF-8); a character split across chunks is joined correctly. */
  pushBytes(bytes: Uint8Array): void {
    this.push(this.decoder.decode(bytes, { stream: true }));
  }

  /** Feeds decoded text. */
  push(text: string): void {
    if (text === '') return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    if (this.afterCarriageReturn) {
      // A CR ended the previous chunk: an LF right after it belongs to the same line break.
      this.afterCarriageReturn = false;
      if (text.charCodeAt(0) === LF) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== LF && code !== CR) continue;
      const line = this.line + text.slice(start, i);
      this.line = '';
      if (code === CR) {
        if (i + 1 === text.length) this.afterCarriageReturn = true;
        else if (text.charCodeAt(i + 1) === LF) i++;
      }
      start = i + 1;
      this.processLine(line);
    }
    this.line += text.slice(start);
  }

  /** Ends the stream: flushes the decoder and discards any event without its closing blank line. */
  end(): void {
    this.push(this.decoder.decode());
    this.line = '';
    this.data = '';
    this.hasData = false;
    this.eventType = '';
  }

  private processLine(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.charCodeAt(0) === 0x3a /* ':' */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.data += `${value}\n`;
        this.hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.reconnectionTime = Number(value);
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  }

  private dispatch(): void {
    if (!this.hasData) {
      this.eventType = '';
      return;
    }
    const event: ServerSentEvent = {
      type: this.eventType || 'message',
      data: this.data.endsWith('\n') ? this.data.slice(0, -1) : this.data,
      lastEventId: this.lastEventId,
    };
    this.data = '';
    this.hasData = false;
    this.eventType = '';
    this.onEvent(event);
  }
}

/**
 * Parses a complete `text/event-stream` body.
 *
 * @example
 * parseServerSentEvents('data: a\ndata: b\n\n'); // [{ type: 'message', data: 'a\nb', lastEventId: '' }]
 */
export function parseServerSentEvents(text: string): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  parser.push(text);
  parser.end();
  return events;
}
