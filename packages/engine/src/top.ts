/**
 * The positions of the `count` largest values, largest first (ties: lower position first), in one
 * pass: answering picks a few candidates among hundreds, and sorting them all showed in profiles.
 */
export function topPositions(values: ArrayLike<number>, count: number, among?: ArrayLike<number>): number[] {
  const top: number[] = [];
  const length = among ? among.length : values.length;
  for (let k = 0; k < length; k++) {
    const position = among ? among[k]! : k;
    const value = values[position]!;
    if (top.length === count && value <= values[top[count - 1]!]!) continue;
    let at = top.length < count ? top.length : count - 1;
    while (at > 0) {
      const before = top[at - 1]!;
      if (values[before]! > value || (values[before] === value && before < position)) break;
      at -= 1;
    }
    if (top.length < count) top.push(0);
    for (let move = top.length - 1; move > at; move--) top[move] = top[move - 1]!;
    top[at] = position;
  }
  return top;
}
