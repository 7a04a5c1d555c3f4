export default { test: { environment: "happy-dom" } };
