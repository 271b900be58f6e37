/** Being built. */
export function VersionDetailPage() {
  return null;
}
