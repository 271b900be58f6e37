/** Being built. */
export function ReplayDetailPage() {
  return null;
}
