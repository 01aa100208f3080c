/**
 * Delta debugging: the smallest text (lines first, then characters) for which `fails` still holds, found by
 * removing ever smaller chunks. At most `calls` calls of `fails` and about `ms` milliseconds, so that a slow
 * failure cannot hold a run for long.
 */
export async function minimise(text, fails, { calls = 2000, ms = 60_000 } = {}) {
  let made = 0;
  const until = performance.now() + ms;
  const test = async (candidate) => made++ < calls && performance.now() < until && (await fails(candidate));
  const reduce = async (start) => {
    let units = start;
    let parts = 2;
    while (units.length >= 2) {
      const chunk = Math.ceil(units.length / parts);
      let reduced = false;
      for (let at = 0; at < units.length; at += chunk) {
        const rest = [...units.slice(0, at), ...units.slice(at + chunk)];
        if (await test(rest.join(""))) {
          units = rest;
          parts = Math.max(parts - 1, 2);
          reduced = true;
          break;
        }
      }
      if (!reduced) {
        if (parts >= units.length) break;
        parts = Math.min(parts * 2, units.length);
      }
    }
    return units;
  };
  // Lines keep their line breaks; characters are code points, so a pair of surrogates is never split.
  const lines = (await reduce(text.split(/(?<=\n)/))).join("");
  return (await reduce([...lines])).join("");
}
