import { encodeSegment } from '../http/url.js';
import { type CallOptions, type DeliveryContext, getJson, isNonEmptyString } from './context.js';
import { DeliveryMessages } from './messages.js';
import type { ContentType, Project } from './models.js';

/** `client.project`: the project resource (D1). */
export class ProjectOperations {
  constructor(private readonly context: DeliveryContext) {}

  /**
   * The configured project.
   *
   * @example
   * const { primaryLanguage } = await client.project.get();
   */
  get(options: CallOptions = {}): Promise<Project> {
    return getJson<Project>(this.context, '', {}, options);
  }
}

/** `client.contentTypes`: content type definitions (D2). */
export class ContentTypeOperations {
  constructor(private readonly context: DeliveryContext) {}

  /**
   * One content type by id.
   *
   * @example
   * const course = await client.contentTypes.get('course');
   */
  async get(idOrOptions: string | ({ id: string } & CallOptions)): Promise<ContentType> {
    const id = typeof idOrOptions === 'string' ? idOrOptions : idOrOptions?.id;
    if (!isNonEmptyString(id)) throw new Error(DeliveryMessages.contentTypeId);
    const options = typeof idOrOptions === 'string' ? {} : idOrOptions;
    return getJson<ContentType>(this.context, `/contentTypes/${encodeSegment(id)}`, {}, options);
  }
}
