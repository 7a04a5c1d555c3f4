// Framework mode, rendered on the server (the default).
export default { ssr: true };
