/** Being built. */
export function ReplayListPage() {
  return null;
}
