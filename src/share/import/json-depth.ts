// How deeply a parsed JSON value nests. JSON.parse accepts any depth, but JSON.stringify
// recurses and overflows the stack at a few thousand levels, so a document nested that deep
// could be imported yet never exported, shared or saved again.

/** True when `value` nests arrays or objects more than `max` levels deep. Iterative. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, depth] = top;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
