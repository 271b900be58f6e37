/** JSON objects edited as text in forms (a Pipeline Config, a business-logic node's configuration). */

/** How a form shows a JSON value: two spaces deep. */
export const jsonText = (value: unknown) => JSON.stringify(value, null, 2);

/** Text that does not parse stays text, so the schema answers '{Field} must be a JSON object'. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
