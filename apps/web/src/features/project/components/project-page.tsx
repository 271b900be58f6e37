import { useParams } from 'react-router';
import { NotFound } from '@/components/not-found';
import { PlaceholderPage } from '@/components/placeholder-page';

/** Page titles of the project areas of later releases (project-areas spec). */
const laterAreaTitles: Record<string, string> = {
};

/** A project path no page of this release answers: an area still to come, or no route at all. */
export function ProjectPage() {
  const area = (useParams()['*'] ?? '').split('/')[0] ?? '';
  const title = laterAreaTitles[area];
  return title ? <PlaceholderPage title={title} /> : <NotFound />;
}
