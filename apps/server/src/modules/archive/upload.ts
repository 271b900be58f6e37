import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ARCHIVE_MAX_BYTES, archiveMessages } from '@console/contracts';
import { AppError } from '../../platform/errors';

/** The form of POST /workspace/{id}/project/import: one archive file and an optional display_name. */
export const IMPORT_NAME_FIELD = 'display_name';

export const uploadMessages = {
  tooManyParts: `An import takes one archive file and an optional ${IMPORT_NAME_FIELD}.`,
  unreadable: 'The upload is not a readable multipart form.',
  unknownField: (name: string) => `${name} is not an accepted field`,
} as const;

/** busboy stops reading a file at `fileSize`, so an oversized archive is cut off, never held whole. */
export const importMultipartOptions: FastifyMultipartOptions = {
  limits: { fileSize: ARCHIVE_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 1024 },
};

export interface ArchiveUpload {
  file: Buffer;
  displayName: string | undefined;
}

function refusalOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return AppError.badRequest(archiveMessages.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return AppError.badRequest(uploadMessages.tooManyParts);
  }
  // A malformed or cut-short body: the client's mistake, never a 500.
  return new AppError(400, uploadMessages.unreadable, { cause: error });
}

/** Reads the form; refusals are 400s with a message for the person who chose the file. */
export async function readArchiveUpload(request: FastifyRequest): Promise<ArchiveUpload> {
  if (!request.isMultipart()) throw AppError.badRequest(archiveMessages.missingFile);
  let file: Buffer | undefined;
  let displayName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // A form sent without choosing a file still carries an empty, nameless file part.
        if (content.length > 0 || part.filename) file = content;
      } else if (part.fieldname === IMPORT_NAME_FIELD) {
        displayName = String(part.value);
      } else {
        throw AppError.badRequest(uploadMessages.unknownField(part.fieldname));
      }
    }
  } catch (error) {
    throw refusalOf(error);
  }
  if (!file) throw AppError.badRequest(archiveMessages.missingFile);
  return { file, displayName };
}
