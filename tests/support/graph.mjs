// Graphs for the repo checks (tests/repo/js-modules.test.mjs, rust-modules.test.mjs): the one strongly connected
// components finder behind both checks' cycles.

/**
 * The strongly connected components of `graph` (a Map of node → the nodes it points to, as any iterable), by
 * Tarjan's algorithm, visiting `nodes` in their order: each component a list of its nodes, in the order found.
 */
export function stronglyConnected(graph, nodes = graph.keys()) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      components.push(c);
    }
  };
  for (const v of nodes) if (!idx.has(v)) connect(v);
  return components;
}
