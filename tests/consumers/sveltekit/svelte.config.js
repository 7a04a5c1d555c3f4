// SvelteKit 2 (SvelteKit 3 needs Node 22.17; the package supports Node 20), built for Node by adapter-node.
import adapter from "@sveltejs/adapter-node";

export default { kit: { adapter: adapter() } };
