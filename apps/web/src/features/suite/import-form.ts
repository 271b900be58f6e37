import { z } from 'zod';
import { testCaseImportBody, type testCaseFormats } from '@console/contracts';

type Format = (typeof testCaseFormats)[number];

export const importMessages = {
  missingFile: 'Choose a .csv or .json file of test cases.',
  wrongKind: 'The file must be a .csv or .json file.',
} as const;

/** A file's format by its name's ending; null for neither. */
export function importFormat(fileName: string): Format | null {
  const ending = /\.(csv|json)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ending === 'csv' || ending === 'json' ? ending : null;
}

/** The import form: a file whose name says whether it is CSV or JSON. */
export const importTestCasesForm = z.object({
  file: z.instanceof(File, { error: importMessages.missingFile }).refine((file) => importFormat(file.name) !== null, { error: importMessages.wrongKind }),
});

/** The import's body from the chosen file: its text, checked against testCaseImportBody before it is sent (its size, in the contracts' words). */
export async function importBody(file: File): Promise<z.output<typeof testCaseImportBody>> {
  const body = testCaseImportBody.safeParse({ format: importFormat(file.name), data: await file.text() });
  if (!body.success) throw new Error(body.error.issues[0]?.message);
  return body.data;
}
