import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Refusals of one kind read alike but for their figures ("'Opening hours' is 0.412 close; 0.500 is
 * needed"), so a topic counts its reasons by their wording with the figures taken out: counted by the
 * whole text, every question would be a reason of its own.
 */
const FIGURE = /\d+(?:\.\d+)?/g;

/** A refusal's wording without its figures, as the inbox counts reasons. */
export const reasonWording = (refusal: AnyColumn): SQL<string> => sql<string>`regexp_replace(${refusal}, '[0-9]+([.][0-9]+)?', '#', 'g')`;

/**
 * The reason a topic shows for the refusals of one wording, from the first and the last of them in
 * text order: a figure they share is kept, and one that differs reads "…". Strings between two others
 * in text order share every character the two share before their first difference, so a figure kept
 * before it is every refusal's; after it, two figures alike in the first and the last are taken as
 * shared (the threshold after a score).
 */
export function sharedReason(first: string, last: string): string {
  if (first === last) return first;
  const firstFigures = first.match(FIGURE) ?? [];
  const lastFigures = last.match(FIGURE) ?? [];
  let figure = 0;
  return first.replace(FIGURE, (value) => {
    const shared = value === lastFigures[figure] && firstFigures.length === lastFigures.length;
    figure += 1;
    return shared ? value : '…';
  });
}
