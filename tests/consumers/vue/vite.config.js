import vue from "@vitejs/plugin-vue";

// Vue resolves unknown tags as components unless told they are custom elements.
export default {
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith("xiangqi-") } } })],
};
