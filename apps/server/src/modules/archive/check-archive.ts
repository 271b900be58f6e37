import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  archiveMessages,
  describeArchiveIssue,
  projectArchiveSchema,
  type ProjectArchive,
} from '@console/contracts';
import { AppError } from '../../platform/errors';

/**
 * The whole archive is checked before anything is written, most telling message first: not JSON,
 * not an archive, an archive of another version, then the first invalid record with its place.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkArchive(value: unknown): ProjectArchive {
  if (!isRecord(value) || value.format !== ARCHIVE_FORMAT || typeof value.version !== 'number') {
    throw AppError.badRequest(archiveMessages.notArchive);
  }
  if (value.version !== ARCHIVE_VERSION) throw AppError.badRequest(archiveMessages.wrongVersion(value.version));
  const parsed = projectArchiveSchema.safeParse(value);
  if (!parsed.success) {
    const [first] = parsed.error.issues;
    throw AppError.badRequest(first ? describeArchiveIssue(first) : archiveMessages.notArchive);
  }
  return parsed.data;
}

/** An uploaded file: UTF-8 JSON (a byte-order mark, as some editors save one, is not part of it). */
export function parseArchiveFile(file: Buffer): ProjectArchive {
  let value: unknown;
  try {
    value = JSON.parse(file.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw AppError.badRequest(archiveMessages.notJson);
  }
  return checkArchive(value);
}
