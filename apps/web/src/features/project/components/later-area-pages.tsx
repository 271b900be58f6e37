import { PlaceholderPage } from '@/components/placeholder-page';

/** Project areas of later releases with a route of their own. */
export function ResolverPage() {
  return <PlaceholderPage title="Resolver" />;
}

export function InsightPage() {
  return <PlaceholderPage title="Insight" />;
}
