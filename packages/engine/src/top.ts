/**
 * The positions of the `count` largest values, largest first (ties: lower position first), in one
 * pass: answering picks a few candidates among hundreds, and sorting them all showed in profiles.
 * A value no larger than the smallest kept is skipped at the cost of one comparison.
 */
export function topPositions(values: ArrayLike<number>, count: number, among?: ArrayLike<number>): number[] {
  const top: number[] = [];
  const length = among ? among.length : values.length;
  // The smallest value kept, once `count` are kept.
  let floor = -Infinity;
  for (let k = 0; k < length; k++) {
    const position = among ? among[k]! : k;
    const value = values[position]!;
    if (top.length === count && value <= floor) continue;
    if (top.length < count) top.push(position);
    // Move it up past every kept value it beats, shifting those down a place.
    let at = top.length - 1;
    while (at > 0) {
      const before = top[at - 1]!;
      const beforeValue = values[before]!;
      if (beforeValue > value || (beforeValue === value && before < position)) break;
      top[at] = before;
      at -= 1;
    }
    top[at] = position;
    if (top.length === count) floor = values[top[count - 1]!]!;
  }
  return top;
}
