import { EMPTY_PM_DOCUMENT, pmDocumentSchema, type PmDocument } from '@console/contracts';

export type CanonicalResult = { ok: true; document: PmDocument; key: string } | { ok: false; message: string };

/** An editor cannot be empty: it holds one empty paragraph, which stands for the empty document. */
function isEmptyParagraphOnly(document: PmDocument): boolean {
  const [only, ...rest] = document.content ?? [];
  return rest.length === 0 && only?.type === 'paragraph' && !only.content?.length;
}

/**
 * A document as the server stores it (contracts pmDocumentSchema: unknown attributes dropped,
 * marks in one order), with a key that compares documents by value. The empty editor is the empty
 * document, so clearing the editor gives back exactly what a new item starts with.
 */
export function canonicalDocument(json: unknown): CanonicalResult {
  const parsed = pmDocumentSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'The document is not valid.' };
  const document = isEmptyParagraphOnly(parsed.data) ? EMPTY_PM_DOCUMENT : parsed.data;
  return { ok: true, document, key: JSON.stringify(document) };
}

/** What the editor loads: the empty document becomes the one empty paragraph an editor needs. */
export function editorContent(document: PmDocument): PmDocument {
  return document.content?.length ? document : { type: 'doc', content: [{ type: 'paragraph' }] };
}
