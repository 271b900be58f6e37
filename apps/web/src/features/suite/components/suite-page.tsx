/** Being built. */
export function SuitePage() {
  return null;
}
