import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

/** Page titles of the project areas (project-areas spec); the areas themselves are built later. */
const areaTitles: Record<string, string> = {
  '': 'Project Settings',
  source: 'Sources',
  scenario: 'Scenarios',
  slot: 'Slots',
  intent: 'Intents',
  sequence: 'Sequences',
  content: 'Content',
  jargon: 'Jargon Mapper',
  channel: 'Channels',
  deployment: 'Deployments',
  dashboard: 'Dashboard',
  conv: 'Conversations',
};

export function ProjectPage() {
  const area = (useParams()['*'] ?? '').split('/')[0] ?? '';
  return <PlaceholderPage title={areaTitles[area] ?? 'Project'} />;
}
