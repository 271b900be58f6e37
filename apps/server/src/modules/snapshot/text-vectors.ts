import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { DIMENSIONS, ENCODER_MODEL } from '@console/encoder/model';
import type { Db } from '../../db/client';
import { textVectors } from '../../db/schema/index';
import type { TextEmbedder } from './embedder';

/** Texts with their vectors packed in one buffer (text i at i * DIMENSIONS), so they cross to a worker without a copy. */
export interface PackedVectors {
  texts: string[];
  data: Float32Array<ArrayBuffer>;
}

/** How a compile's vectors were found: embedded now, or read as another sync (of any process) stored them. */
export interface VectorCounts {
  embedded: number;
  reused: number;
}

/** Hashes per read and rows per write: a statement stays short, so the embedded database serves requests between them. */
const CHUNK = 1_000;
const VECTOR_BYTES = DIMENSIONS * Float32Array.BYTES_PER_ELEMENT;

function hashOf(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The vectors of `texts` in a workspace: those stored are read, the others embedded (in the
 * embedding workers) and stored for every later sync and process. Vectors are stored as the
 * platform's float32 bytes, little-endian on every platform Node.js runs on.
 */
export async function vectorsOf(
  db: Db,
  embedder: TextEmbedder,
  workspaceId: string,
  texts: string[],
): Promise<{ vectors: PackedVectors; counts: VectorCounts }> {
  const data = new Float32Array(texts.length * DIMENSIONS);
  const bytes = new Uint8Array(data.buffer);
  const hashes = texts.map(hashOf);
  const positions = new Map(hashes.map((hash, i) => [hash.toString('hex'), i]));
  const found = new Set<number>();
  for (let start = 0; start < hashes.length; start += CHUNK) {
    const rows = await db
      .select({ textHash: textVectors.textHash, vector: textVectors.vector })
      .from(textVectors)
      .where(
        and(
          eq(textVectors.workspaceId, workspaceId),
          eq(textVectors.model, ENCODER_MODEL),
          inArray(textVectors.textHash, hashes.slice(start, start + CHUNK)),
        ),
      );
    for (const row of rows) {
      const position = positions.get(Buffer.from(row.textHash).toString('hex'));
      if (position === undefined || row.vector.byteLength !== VECTOR_BYTES) continue;
      bytes.set(row.vector, position * VECTOR_BYTES);
      found.add(position);
    }
  }

  const missing = texts.flatMap((_, i) => (found.has(i) ? [] : [i]));
  if (missing.length) {
    const embedded = await embedder.embed(missing.map((i) => texts[i]!));
    missing.forEach((position, n) => data.set(embedded.subarray(n * DIMENSIONS, (n + 1) * DIMENSIONS), position * DIMENSIONS));
    for (let start = 0; start < missing.length; start += CHUNK) {
      const rows = missing.slice(start, start + CHUNK).map((position) => ({
        workspaceId,
        model: ENCODER_MODEL,
        textHash: hashes[position]!,
        vector: Buffer.from(data.buffer, position * VECTOR_BYTES, VECTOR_BYTES),
      }));
      // Another process may have stored the same text meanwhile: its vector is the same.
      await db.insert(textVectors).values(rows).onConflictDoNothing();
    }
  }
  return { vectors: { texts, data }, counts: { embedded: missing.length, reused: found.size } };
}

/** The vectors of a packed set by text, as the engine takes them. */
export function unpackVectors({ texts, data }: PackedVectors): Map<string, Float32Array> {
  return new Map(texts.map((text, i) => [text, data.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS)]));
}
