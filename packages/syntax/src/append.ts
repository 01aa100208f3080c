/**
 * Appends items to an array one by one. `target.push(...items)` passes every item as an argument, which overflows
 * the stack past about 100,000 items: a file at the size limit can give that many diagnostics or values.
 */
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
