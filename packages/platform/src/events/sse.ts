import type { PlatformEvent } from './bus.js';
import type { EventSubscription } from './subscription.js';
import { renderTemplate } from './template.js';

/**
 * Framing of the event stream (`text/event-stream`, contract §4.2): blocks of `field: value`
 * lines ended by a blank line; lines starting with `:` are comments.
 */

/**
 * One `message` event block: `id: <subscription id>`, `event: message` and the data. Data
 * containing line breaks (CR, LF or CRLF) is split across several `data:` lines, which SSE
 * readers join with `\n` again; a lone CR or a CRLF therefore arrives as `\n`.
 *
 * @example
 * formatMessage('s1', 'a\nb'); // 'id: s1\nevent: message\ndata: a\ndata: b\n\n'
 */
export function formatMessage(id: string, data: string): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
  return `id: ${singleLine(id)}\nevent: message\n${lines.join('')}\n`;
}

/** A comment line (heartbeats, greetings), ignored by readers. */
export function formatComment(text: string): string {
  return `: ${singleLine(text)}\n\n`;
}

function singleLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/**
 * The `event` side of an event's data: what happened, to what, where and when. The default
 * data of a stream message is exactly this object; templates read it as `{{event.…}}`.
 */
export function eventSummary(event: PlatformEvent): Record<string, unknown> {
  const summary: Record<string, unknown> = {
    event: event.event,
    resourceType: event.resourceType,
    resourceId: event.resourceId,
    projectId: event.projectId,
  };
  const optional = {
    contentTypeId: event.contentTypeId,
    language: event.language,
    workflowState: event.workflowState,
    workflowEvent: event.workflowEvent,
    owner: event.owner,
    newVariation: event.newVariation,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) summary[key] = value;
  summary.user = event.actor;
  summary.timestamp = event.timestamp;
  return summary;
}

/**
 * The data of a stream message for an event: the subscription's template for the event's
 * resource type rendered against `{ resource, event }` when there is one, else the
 * {@link eventSummary} as JSON.
 */
export function messageData(subscription: EventSubscription, event: PlatformEvent): string {
  const summary = eventSummary(event);
  const template = subscription.templates[event.resourceType.toLowerCase()];
  if (template === undefined) return JSON.stringify(summary);
  return renderTemplate(template, { resource: event.resource, event: summary });
}
