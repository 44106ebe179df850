import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../../delivery/errors.js';
import { MAX_FILES_PER_UPLOAD, storeUploads, type UploadedFile } from '../../../management/entries/assets.js';
import type { ApiDeps } from '../../api-deps.js';
import { nowIso } from '../../changes.js';
import { entryOperationContext } from './request.js';

/** The largest asset upload request (all files together). */
export const ASSET_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

const UPLOAD_PATH = '/api/management/projects/:projectId/assets';

/**
 * `POST P/assets` (contract §7.8): `multipart/form-data` with one or more file parts (the Node
 * client names its part `file`); answers 201 with `[{ fileId }]`, one per file in order. The
 * caller needs `Entry_Write` and permission to create assets; that is checked before the body
 * is read, so an unauthorised upload is refused without buffering it. The multipart body is
 * parsed by Node's own `Response.formData()` (undici), so no parser dependency is needed; the
 * whole request is held in memory, which the 50 MiB limit keeps bounded.
 */
export function registerAssetUploadRoute(server: FastifyInstance, deps: ApiDeps): void {
  // Encapsulated, so multipart bodies stay a 415 everywhere else.
  server.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: ASSET_UPLOAD_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    const authorise = (request: FastifyRequest) => {
      const context = entryOperationContext(deps, request, 'create');
      context.authorize({ resourceType: 'assets' }, 'create');
      return context;
    };
    scope.post(
      UPLOAD_PATH,
      {
        bodyLimit: ASSET_UPLOAD_LIMIT_BYTES,
        onRequest: async (request) => {
          authorise(request);
        },
      },
      async (request, reply) => {
        const context = authorise(request);
        const files = await uploadedFiles(request);
        const fileIds = storeUploads(deps.db, deps.dataDir, context.project.id, files, nowIso(deps));
        return reply.code(201).send(fileIds.map((fileId) => ({ fileId })));
      },
    );
  });
}

async function uploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  const body = request.body;
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(body) || !/^multipart\/form-data/i.test(contentType)) {
    throw new HttpError(415, 'Upload files as multipart/form-data with a "file" part');
  }
  let form: FormData;
  try {
    // A copy backed by a plain ArrayBuffer is a BodyInit under both Node's and the DOM's
    // typings; a Buffer (possibly over a SharedArrayBuffer) is not.
    const bytes = new Uint8Array(body);
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, 'The multipart body could not be parsed');
  }
  const files: UploadedFile[] = [];
  for (const [, value] of form) {
    if (typeof value === 'string') continue;
    files.push({ name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  if (files.length === 0) throw new HttpError(400, 'The upload contains no file part');
  if (files.length > MAX_FILES_PER_UPLOAD) {
    throw new HttpError(422, `At most ${MAX_FILES_PER_UPLOAD} files may be uploaded at once`);
  }
  return files;
}
