// `npm run bench`: page speed, weight, accessibility and server throughput (architecture §5).
// The bench is TypeScript run through tsx, like `npm start` runs the server; see
// bench/src/main.ts and the README's "Benchmarks" section.
const { register } = await import("tsx/esm/api");
register();
await import("./src/main.ts");
