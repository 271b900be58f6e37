/** Being built. */
export function VersionListPage() {
  return null;
}
