/** Being built. */
export function TestRunPage() {
  return null;
}
