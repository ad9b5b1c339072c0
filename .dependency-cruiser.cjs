// dependency-cruiser (decision 025): no import cycle of any kind, type-only imports
// included (`tsPreCompilationDeps`: the graph is read before TypeScript drops the
// `import type` edges that Biome's `noImportCycles` lets through). `npm run lint` and
// the lint chain of `npm test` run it over every workspace's sources.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module must not reach itself through its imports, type-only ones included (decision 025).",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|dist|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    combinedDependencies: true,
  },
};
