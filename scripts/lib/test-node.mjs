// Node's flags for the suite's processes that open the embedded database: the servers specs start, the demo data
// step, the operations commands tests run, and Vitest's process (seven PGlite suites took about a tenth less
// CPU with them). `--liftoff-only` keeps PGlite's WebAssembly on V8's baseline compiler: by default every new
// process also compiles the functions its first start runs most with the optimising one, about 2.5 of the 5.9
// CPU-seconds a server's start from the demo data takes on a two-core machine (3.4 without it), which a process
// that lives for a spec never wins back (docs/testing.md). The shared end-to-end server and production keep the
// default: they live long enough for it to pay.
export const TEST_NODE_ARGS = ["--liftoff-only"];
